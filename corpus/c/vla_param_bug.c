// slam: lowers
// expect: VIOLATION
// A VLA passed to a function with a VLA parameter (a pointer): the callee's write to its
// last element is seen (when n is 1 that is the first).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void set(int n, int a[n], int v) {
  a[n - 1] = v;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 64) return 0;
  int a[n];
  a[0] = 1;
  set(n, a, 3);
  if (a[0] != 1) reach_error();
  return 0;
}
