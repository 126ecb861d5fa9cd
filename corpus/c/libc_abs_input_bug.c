// slam: lowers
// expect: VIOLATION
// abs of an input: abs(x) > 5 and labs(x) == -x for any x < -5 (gcc's run with such an input
// reaches the error; INT_MIN's abs overflows, which the run stops at).
// random runs miss it: x must lie in -999 … -6
// labs and llabs are modelled the same way (cfront `lower/libmodels.rs`, session 46).
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && x > -1000 && abs(x) > 5 && labs((long)x) == -(long)x)
    reach_error();
  return 0;
}
