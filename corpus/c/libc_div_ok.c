// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_5868_div,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). div, ldiv and
// lldiv truncate toward zero (C99 7.22.6.2; gcc -O0: the assertions hold). slam answered
// VIOLATION: without a model the returned struct was taken as uninitialised memory.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  div_t d = div(7, 2);
  assert(d.quot == 3 && d.rem == 1);
  div_t n = div(-7, 2);
  assert(n.quot == -3 && n.rem == -1);
  ldiv_t l = ldiv(-9L, 4L);
  assert(l.quot == -2L && l.rem == -1L);
  lldiv_t ll = lldiv(9LL, 4LL);
  assert(ll.quot == 2LL && ll.rem == 1LL);
  return 0;
}
