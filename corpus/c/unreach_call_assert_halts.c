// slam: lowers
// expect: SAFE
// For the unreach-call property (the program uses reach_error) a failed assert() ends the run
// like abort(): it is not the error. Here the assert stops every run that would reach
// reach_error().
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() { assert(0); }
int main() {
  int x = __VERIFIER_nondet_int();
  assert(x != 5);
  if (x == 5) reach_error();
  return 0;
}
