// slam: lowers
// expect: SAFE
// A variable-length array of a nondeterministic size: its first and last elements are
// distinct cells when n > 1, and sizeof is n elements.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 1 && n < 1000);
  int a[n];
  a[0] = 5;
  a[n - 1] = 7;
  if (a[0] != 5) reach_error();
  if (sizeof a != n * sizeof(int)) reach_error();
  return 0;
}
