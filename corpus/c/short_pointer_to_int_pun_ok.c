// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression tests regression/esbmc/align-deref_success and
// regression/esbmc/github_1220-success, github.com/esbmc/esbmc at a670194d
// (scripts/regression-suites, issue 28). (short *)arr + 2k is the address of arr[k], so the
// int read there is the value just written (gcc -O0: the assertion holds). --engine cegar says
// SAFE; the under-approximation search answered VIOLATION and the portfolio took it.
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
int arr[16];
int main(void) {
  unsigned k = __VERIFIER_nondet_uint() % 16;
  int v = 7;
  arr[k] = v;
  int w = *(int *)(void *)((short *)arr + k * 2);
  assert(w == v);
  return 0;
}
