// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/38_nondet_int_ptr_casts,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28; the test is
// ILP32 with unsigned int, the same happens there with --ilp32). A pointer converted to an
// integer as wide and back is the pointer again (gcc -O0 with a __VERIFIER_nondet_bool
// returning 1: the assertion holds). slam answered VIOLATION (every engine) with the trace
// `u := 0`, `v := 0`, `p := 0`: when the integer comes from one of two converted pointers
// chosen by a condition, both integers are taken as 0, so the pointer made from it is NULL.
// With one pointer and no choice slam says UNKNOWN.
#include <assert.h>
_Bool __VERIFIER_nondet_bool(void);
int main(void) {
  int b, c;
  unsigned long u = (unsigned long)&b;
  unsigned long v = (unsigned long)&c;
  _Bool s = __VERIFIER_nondet_bool();
  unsigned long w = s ? u : v;
  int *p = (int *)w;
  if (s)
    assert(p == &b);
  return 0;
}
