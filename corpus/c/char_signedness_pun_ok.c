// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/cbmc/01_cbmc_Pointer7 (the test itself),
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). The byte 0xff of
// an unsigned char read through a signed char pointer is -1 (gcc -O0: the assertion holds;
// C11 6.5p7 allows the access). --engine cegar says SAFE; the under-approximation search says
// VIOLATION (its interpreter reads 255); the portfolio answers whichever finishes first, or
// exit 6 "the engines disagree" when both finish.
#include <assert.h>
int main(void) {
  unsigned char u = 255;
  signed char *p = (signed char *)&u;
  assert(*p == -1);
  return 0;
}
