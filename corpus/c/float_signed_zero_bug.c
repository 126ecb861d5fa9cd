// slam: lowers
// expect: VIOLATION
// random runs miss it: an input float equal to zero (-0.0)
// -0.0 equals 0.0, but dividing by it gives -infinity (no trap: SSE's default masks division
// by zero), and its sign bit shows through a union.
void reach_error(void);
float __VERIFIER_nondet_float(void);
int main(void) {
  float z = __VERIFIER_nondet_float();
  if (z != 0.0f) return 0;
  union { float f; unsigned u; } v = { z };
  float inv = 1.0f / z;
  if (inv < 0 && v.u == 0x80000000u) reach_error();
  return 0;
}
