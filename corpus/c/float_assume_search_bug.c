// slam: lowers
// expect: VIOLATION
// random runs miss it: an input float below -1e38
// Reduced from ESBMC's regression test regression/esbmc/github_4312-float-precision,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). Every float below
// -1e38 fails the assertion (gcc -O0 with a __VERIFIER_nondet_float returning -2e38f: abort).
// The under-approximation search answered SAFE ("proved in 2 runs"), and the portfolio took
// it; --engine cegar says UNKNOWN. With `if (x < -1.0e+38f)` instead of the assume the search
// says UNKNOWN: an assume over a nondeterministic value that the search's runs never satisfy
// is taken for a proof (compare uninit_local_assumed_bug.c).
#include <assert.h>
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float x = __VERIFIER_nondet_float();
  __VERIFIER_assume(x < -1.0e+38f);
  assert(x > 0);
  return 0;
}
