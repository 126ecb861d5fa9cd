// slam: lowers
// expect: VIOLATION
// A call of reach_error() through a function pointer is the error too.
extern int __VERIFIER_nondet_int(void);
void reach_error() {}
void ok(void) {}
int main() {
  void (*f)(void) = ok;
  if (__VERIFIER_nondet_int() == 3) f = reach_error;
  f();
  return 0;
}
