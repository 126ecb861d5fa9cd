// slam: lowers
// expect: SAFE
// <math.h>'s quiet comparisons (gcc's __builtin_isless & co.): as the ordered operators, false
// on a NaN; isunordered is whether either operand is one (session 48; before: "the GNU
// builtin __builtin_isless is not supported"). gcc -O0: exits 0 (NaN, infinities, zeros fed).
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double(), y = __VERIFIER_nondet_double();
  float f = 1.5f;
  if (isless(x, y) && !(x < y)) reach_error();
  if (isunordered(x, y) && (x == x && y == y)) reach_error();
  if (islessgreater(x, y) && x == y) reach_error();
  if (!isgreater(f, 1.0)) reach_error();
  if (isless(NAN, 1.0) || isgreaterequal(NAN, NAN) || !isunordered(NAN, 0.0)) reach_error();
  return 0;
}
