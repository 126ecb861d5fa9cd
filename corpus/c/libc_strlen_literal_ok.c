// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/cbmc/01_cbmc_String4,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). strlen of a
// string literal is 6 (gcc -O0: the assertion holds). slam answered VIOLATION with
// "Inputs: strlen() := 0": strlen has no model, so its result is any value, and the
// interpreter, fed that value, "confirms" the violation. A library function whose result is
// determined by C's library must be modelled, or the answer must not be a VIOLATION.
// Fixed in session 46: strlen's result is a NUL with no NUL among the first 16 characters
// before it (cfront `lower/strings.rs`), exact for strings shorter than 16.
#include <assert.h>
#include <string.h>
int main(void) {
  assert(strlen("asdasd") == 6);
  return 0;
}
