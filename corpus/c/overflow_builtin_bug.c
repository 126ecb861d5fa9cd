// slam: lowers
// expect: VIOLATION
// The overflow builtins report overflow for the exact result: INT_MAX + 1 overflows int.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int a = __VERIFIER_nondet_int();
  int r;
  if (__builtin_add_overflow(a, 1, &r)) {
    if (r == -2147483647 - 1) reach_error();
  }
  return 0;
}
