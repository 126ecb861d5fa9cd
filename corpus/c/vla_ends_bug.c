// slam: lowers
// expect: VIOLATION
// The twin of vla_ends_ok.c with n == 1 allowed: the last element is the first.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 1000);
  int a[n];
  a[0] = 5;
  a[n - 1] = 7;
  if (a[0] != 5) reach_error();
  return 0;
}
