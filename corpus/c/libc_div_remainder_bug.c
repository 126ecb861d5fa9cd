// slam: lowers
// expect: VIOLATION
// div(x, y) computes x / y and x % y (C99 7.22.6.2): the remainder of 7 by a nondeterministic
// nonzero divisor is 1 for y == 2 or y == -2, 3 or 6, and the assertion fails
// (gcc -O0 with y == 2: the remainder is 1). Issue 28, with libc_div_ok.c.
#include <assert.h>
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  if (y == 0)
    return 0;
  div_t d = div(7, y);
  assert(d.rem != 1);
  return 0;
}
