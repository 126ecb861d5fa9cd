// slam: lowers
// expect: SAFE
// The twin of vla_param_bug.c: the callee gets the array past its first element.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void set(int n, int a[n], int v) {
  a[0] = v;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 64) return 0;
  int a[n];
  a[0] = 1;
  set(n - 1, a + 1, 3);
  if (a[0] != 1) reach_error();
  if (a[1] != 3) reach_error();
  return 0;
}
