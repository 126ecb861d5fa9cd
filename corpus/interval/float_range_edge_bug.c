// expect: VIOLATION
// Interval analysis (issue 30): the bound breaks only at the end of the input's range
// (x == 1.0f gives r == 1.5f exactly; gcc -O0 reaches the error with that input). The
// interval analysis splits down to that single value and gives up (it never reports a
// violation); the search finds it.
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
extern void reach_error(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (!(x >= 0.0f && x <= 1.0f)) abort();
  float r = 1.0f + 0.5f * x;
  if (!(r < 1.5f)) reach_error();
  return 0;
}
