// slam: unsupported
// expect: UNKNOWN
// &a of a VLA (a pointer to an array of n elements) is not supported.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  int a[n];
  int *p = (int *)&a;
  p[0] = 1;
  if (a[0] != 1) reach_error();
  return 0;
}
