// slam: lowers
// expect: VIOLATION
// realloc(NULL, 0) is malloc(0) (glibc: a fresh block, which may fail as any allocation);
// only realloc of a block to 0 bytes frees it and returns NULL (gcc -O0: the assertion fails,
// the block is not NULL). Companion of realloc_zero_frees_ok.c (issue 28).
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *q = realloc(NULL, 0);
  assert(q == NULL);
  return 0;
}
