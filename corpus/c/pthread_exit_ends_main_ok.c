// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/cbmc/01_cbmc_End_thread1,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). pthread_exit does
// not return: the assertion is never reached with x == 100 (gcc -O0 -lpthread with a
// __VERIFIER_nondet_int returning 100: exit 0). slam answered VIOLATION, continuing after the
// call as after any external function; an external function declared _Noreturn is treated
// the same way (noreturn_external_ok.c).
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 100)
    pthread_exit(0);
  assert(x != 100);
  return 0;
}
