// slam: lowers
// expect: VIOLATION
// abs of an input: abs(x) == 7 for x == -7 (gcc's run with that input reaches the error).
// labs and llabs are modelled the same way (cfront `lower/libmodels.rs`, session 46).
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && abs(x) == 7 && labs((long)x) == 7L)
    reach_error();
  return 0;
}
