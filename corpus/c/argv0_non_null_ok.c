// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_2348,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). When argc > 0,
// argv[0] .. argv[argc - 1] point to strings (C11 5.1.2.2.1p2), so argv[0] is not NULL
// (gcc -O0, run with no arguments: the assertion holds). slam answered VIOLATION with
// argc = 1 and argv[0] NULL.
#include <assert.h>
int main(int argc, char *argv[]) {
  if (argc > 0)
    assert(argv[0] != 0);
  return 0;
}
