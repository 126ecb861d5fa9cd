// slam: lowers
// expect: VIOLATION
// The sign bit of a NaN is the NaN's own: signbit(x) for x >= 0 is 0 but x may be -NaN,
// which no comparison sees (gcc -O0 with x == -NaN: the assertion fails). Issue 28, with
// float_signbit_ok.c.
#include <assert.h>
#include <math.h>
double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x < 0)
    return 0;
  assert(!signbit(x));
  return 0;
}
