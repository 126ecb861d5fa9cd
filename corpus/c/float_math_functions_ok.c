// slam: lowers
// expect: SAFE
// glibc's fabs, sqrt, floor, ceil, round, trunc and the classification macros (isnan, isinf,
// isfinite: gcc builtins in math.h) as gcc -O0 and glibc compute them. (Rounding a
// nondeterministic double to an integral value is beyond Z3 4.8 in 30 s: constants here.)
#include <math.h>
void reach_error(void);
double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (isnan(x) || isinf(x)) return 0;
  if (!isfinite(x)) reach_error();
  if (fabs(x) < 0) reach_error();
  if (trunc(-2.5) != -2.0 || round(-2.5) != -3.0 || round(2.5) != 3.0 || floorf(-0.5f) != -1.0f) reach_error();
  if (!isnan(sqrt(-1.0)) || !isinf(INFINITY) || !isnan(NAN)) reach_error();
  return 0;
}
