// expect: SAFE
// Interval analysis (issue 30): a loop bounded by an input of 1..1000 and a closed form the
// predicates would need a non-linear invariant for. The input's range is split down to single
// values: 1,000 concrete runs, each deciding the assertion (gcc -O0: it holds for every n).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 1 && n <= 1000)) abort();
  long long s = 0;
  for (int i = 1; i <= n; i++) s += i;
  if (2 * s != (long long)n * (n + 1)) reach_error();
  return 0;
}
