// slam: lowers
// expect: VIOLATION
// random runs miss it: an allocation at an address <= 2012
// Issue 12, cause 9: LDV's IS_ERR convention. An allocation may lie at any address, so
// `res <= 2012` does not rule out a non-NULL result (slam once said SAFE here).
#include <stdlib.h>
void __VERIFIER_error(void);
extern void __VERIFIER_assume(int);
int main(void) {
  void *p = malloc(8);
  __VERIFIER_assume(!((unsigned long)p > 2012UL));
  if (p) __VERIFIER_error();
  return 0;
}
