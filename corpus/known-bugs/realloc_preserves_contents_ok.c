// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_2341_1 (and the realloc*
// tests of regression/esbmc), github.com/esbmc/esbmc at a670194d (scripts/regression-suites,
// issue 28). realloc keeps the contents of the old block up to the lesser of the two sizes
// (C11 7.22.3.5p2; gcc -O0: the assertion holds). slam answered VIOLATION with the new
// block's contents unknown ("*__t3 := -2147483648"): realloc is an allocation whose contents
// are not copied from the old block.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (p == NULL)
    return 0;
  p[0] = 10;
  int *q = realloc(p, 4 * sizeof(int));
  if (q == NULL)
    return 0;
  assert(q[0] == 10);
  free(q);
  return 0;
}
