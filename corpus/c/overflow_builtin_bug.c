// slam: lowers
// expect: VIOLATION
// The overflow builtins report overflow for the exact result and store it wrapped: a + 100
// does not fit a signed char for a >= 28, and the stored value is then negative.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int a = __VERIFIER_nondet_int();
  signed char r;
  if (a >= 0 && a < 100 && __builtin_add_overflow(a, 100, &r)) {
    if (r < 0) reach_error();
  }
  return 0;
}
