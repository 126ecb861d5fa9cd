// slam: lowers
// expect: SAFE
// The twin of vla_param_bug.c: the callee reads the last element, the caller wrote it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int last(int n, int a[n]) {
  return a[n - 1];
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 64) return 0;
  int a[n];
  a[n - 1] = 3;
  if (last(n, a) != 3) reach_error();
  return 0;
}
