// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_2757,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). -0.0 == 0.0, but
// its sign bit is set: signbit (glibc's macro: gcc's __builtin_signbit) is nonzero (gcc -O0:
// the assertions hold). slam answered VIOLATION: signbit had no model.
#include <assert.h>
#include <math.h>
double __VERIFIER_nondet_double(void);
int main(void) {
  double d = -0.0;
  assert(d == 0.0 && signbit(d));
  assert(!signbit(0.0) && signbit(-2.5f) && __builtin_signbitf(-1.0f));
  double x = __VERIFIER_nondet_double();
  if (x < 0)
    assert(signbit(x));
  return 0;
}
