// expect: SAFE
// Interval analysis (issue 30, docs/interval.md): a degree-4 polynomial in one float input of
// [0, 1) stays in [0, 1.5). Z3 4.8 does not decide the path query (float multiplications
// bit-blasted: > 30 s); intervals over a split input do (gcc -O0: the bound holds at both
// ends and the maximum over the range is 1.44; all 1,065,353,217 floats of [0, 1) were run
// by gcc -O0: none reaches the error).
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
extern void reach_error(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (!(x >= 0.0f && x < 1.0f)) abort();
  float r = 1.0f + 0.5f * x - 0.125f * x * x + 0.0625f * x * x * x - 0.0390625f * x * x * x * x;
  if (!(r >= 0.0f && r < 1.5f)) reach_error();
  return 0;
}
