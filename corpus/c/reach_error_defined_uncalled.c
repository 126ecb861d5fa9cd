// slam: lowers
// expect: SAFE
// A reach_error() that is defined but never called: no violation, even though its body
// would fail an assertion.
#include <assert.h>
void reach_error() { assert(0); }
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 5) reach_error();
  return 0;
}
