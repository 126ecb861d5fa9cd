// slam: lowers
// expect: VIOLATION
// Reduced from ESBMC's regression test regression/esbmc/function_deref_2,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). A call through a
// pointer of unprototyped type with fewer arguments than the function has parameters is
// undefined (C11 6.5.2.2p6), but gcc makes the call and the assertion fails (gcc -O0: abort).
// slam lowers the call to `skip` (no candidate has one parameter) and answered SAFE: a call it
// cannot bind must not disappear (UNKNOWN, or the call with unknown extra arguments).
#include <assert.h>
void g(int x, int y) { assert(0); }
void call(void (*f)()) { f(5); }
int main(void) {
  call(g);
  return 0;
}
