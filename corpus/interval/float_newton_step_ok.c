// expect: SAFE
// Interval analysis (issue 30): one Newton step for a root of a sine series from an input in
// (-0.2, 0.2) lands below 0.1. The dependency between f(x) and f'(x) needs the input split
// into small boxes; NaN is excluded by the range check (a NaN input fails both comparisons).
// All 2,090,441,114 floats of (-0.2, 0.2) were run by gcc -O0: none reaches the error.
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
extern void reach_error(void);
float f(float x) { return x - (x * x * x) / 6.0f + (x * x * x * x * x) / 120.0f; }
float fp(float x) { return 1 - (x * x) / 2.0f + (x * x * x * x) / 24.0f; }
int main(void) {
  float in = __VERIFIER_nondet_float();
  if (!(in > -0.2f && in < 0.2f)) abort();
  float x = in - f(in) / fp(in);
  if (!(x < 0.1)) reach_error();
  return 0;
}
