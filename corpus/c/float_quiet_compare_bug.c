// slam: lowers
// expect: VIOLATION
// An unordered pair is neither less nor equal: x = NaN reaches the error. gcc -O0 fed a NaN: aborts.
// random runs miss it: a NaN input.
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double(), y = __VERIFIER_nondet_double();
  float f = 1.5f;
  if (isless(x, y) && !(x < y)) reach_error();
  if (isunordered(x, y) && (x == x && y == y)) reach_error();
  if (islessgreater(x, y) && x == y) reach_error();
  if (isunordered(x, y) && !isless(x, y) && x != y) reach_error();
  if (isless(NAN, 1.0) || isgreaterequal(NAN, NAN) || !isunordered(NAN, 0.0)) reach_error();
  return 0;
}
