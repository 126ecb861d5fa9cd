// slam: lowers
// expect: VIOLATION
// random runs miss it: an input float in (1e20, 1e21)
// A float product overflows to infinity (no trap), and infinity minus infinity is a NaN.
void reach_error(void);
float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (!(x > 1e20f && x < 1e21f)) return 0;
  float sq = x * x;
  float d = sq - sq;
  if (d != d) reach_error();
  return 0;
}
