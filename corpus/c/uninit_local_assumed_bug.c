// slam: lowers
// expect: VIOLATION
// Reduced from ESBMC's regression test regression/cbmc/01_cbmc_Pointer3,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). An uninitialised
// local has an indeterminate value (slam and ESBMC: any value); here an assume keeps it below
// 10 and the assertion fails for 5. The under-approximation search answered SAFE ("proved in 1
// run of the under-approximation search"): it takes the program for deterministic, as if the
// uninitialised local were no input. Without the assume (`assert(i != 5)` alone), or with
// `i = __VERIFIER_nondet_uint()`, every engine finds the violation; --engine cegar finds it
// here too. gcc cannot confirm (the value is indeterminate: stack contents at -O0).
#include <assert.h>
extern void __VERIFIER_assume(int);
int main(void) {
  unsigned i;
  __VERIFIER_assume(i < 10);
  assert(i != 5);
  return 0;
}
