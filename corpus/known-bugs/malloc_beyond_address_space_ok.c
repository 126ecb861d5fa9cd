// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression tests regression/esbmc/github_1631_null (malloc(-4)) and
// regression/esbmc/github_785-2 (two blocks of 2 GiB with --32), github.com/esbmc/esbmc at
// a670194d (scripts/regression-suites, issue 28). No block of SIZE_MAX - 3 bytes fits in the
// address space: glibc's malloc returns NULL (gcc -O0: the assertion holds). slam answered
// VIOLATION: an allocation of any size may succeed (an address in [top, ALLOC_END)).
#include <assert.h>
#include <stdlib.h>
int main(void) {
  void *b = malloc((size_t)-4);
  assert(b == NULL);
  return 0;
}
