// slam: lowers
// expect: SAFE
// errno changes only in library calls: between them it holds what the program wrote (here
// no library call comes between the write and the test). gcc: never reaches the error.
#include <errno.h>
extern void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  errno = 0;
  if (x > 0)
    x = x / 2;
  if (errno != 0)
    reach_error();
  return x;
}
