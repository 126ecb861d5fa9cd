// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/cbmc/01_cbmc_abs1,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). abs(-1) is 1 (gcc
// -O0: the assertion holds). slam answered VIOLATION with "Inputs: abs() := -2147483648": abs
// has no model and its result is taken as any int (as for libc_strlen_literal_ok.c).
// Fixed in session 46: abs, labs and llabs are x or -x (cfront `lower/libmodels.rs`).
#include <assert.h>
#include <stdlib.h>
int main(void) {
  assert(abs(-1) == 1);
  return 0;
}
