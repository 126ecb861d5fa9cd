// slam: lowers
// expect: VIOLATION
// Floating point in functions the entry never reaches does not block the check (headers
// full of unused float helpers are common).
void reach_error(void);
int __VERIFIER_nondet_int(void);
static double scale(double x) { return x * 0.5; }
static float clampf(float v) { return v > 1.0f ? 1.0f : v; }
static int unused(void) { return scale(3.0) > clampf(2.0f); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) reach_error();
  return 0;
}
