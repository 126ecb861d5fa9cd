// slam: lowers
// expect: VIOLATION
// random runs miss it: an input in [2.5, 3.5) whose round() is 3
// round() rounds halves away from zero; the bug needs an input x with round(x) == 3 and
// floor(x) == 2.
#include <math.h>
void reach_error(void);
float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (roundf(x) == 3.0f && floorf(x) == 2.0f) reach_error();
  return 0;
}
