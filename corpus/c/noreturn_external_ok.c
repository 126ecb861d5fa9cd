// slam: lowers
// expect: SAFE
// A companion of pthread_exit_ends_main_ok.c (ESBMC's regression test
// regression/cbmc/01_cbmc_End_thread1, github.com/esbmc/esbmc at a670194d): an external
// function declared _Noreturn never returns (C11 6.7.4p8: returning from it is undefined), so
// the assertion is never reached with x == 100. slam answered VIOLATION through a return from
// die().
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
_Noreturn void die(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 100)
    die();
  assert(x != 100);
  return 0;
}
