// slam: lowers
// expect: VIOLATION
// An integer bug next to float code: the off-by-one on `n` does not depend on any float, so
// the trace replays (the interpreter computes the floats as gcc does on the way). (A branch
// on a float value on the way would make the check UNKNOWN: logic does not know which way
// the interpreter goes.)
void reach_error(void);
int __VERIFIER_nondet_int(void);
double __VERIFIER_nondet_double(void);
static double scale(double v, float w) { return v * w + 1.0; }
int main(void) {
  double total = 0;
  int n = 0;
  int k = __VERIFIER_nondet_int();
  while (n <= k && n < 5) {
    total = scale(total, 0.25f) - n / 3.0;
    n++;
  }
  if (n == 5) reach_error();
  return total > 0;
}
