// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_2341_3,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). glibc's
// realloc(p, 0) with p not NULL frees the block and returns NULL (C17 7.22.3.5p3 leaves it to
// the implementation); realloc(NULL, 0) is malloc(0), a block (gcc -O0: the assertion holds).
// slam answered VIOLATION: its realloc(p, 0) returned a fresh block.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(10 * sizeof(int));
  if (p == NULL)
    return 0;
  int *q = realloc(p, 0);
  assert(q == NULL);
  return 0;
}
