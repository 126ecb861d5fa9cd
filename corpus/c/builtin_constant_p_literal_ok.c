// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/builtin_constant_p (the test itself),
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). gcc folds
// __builtin_constant_p of an integer literal to 1 at every optimisation level (gcc -O0: the
// assertion holds). slam answers 0 for every argument (cfront's builtin_call), which GCC's
// documentation allows in general ("a return of 0 does not indicate that the value is not a
// constant"), but not what gcc computes for a literal: slam said VIOLATION.
#include <assert.h>
int main(void) {
  assert(__builtin_constant_p(42));
  return 0;
}
