// slam: lowers
// expect: SAFE
// The handlers run in reverse order of registration (set_done before check_done), both at
// exit() and when main returns; a registered handler always runs.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int done;
int ran;
void check_done(void) {
  if (!done) reach_error();
  ran = 1;
}
void set_done(void) { done = 1; }
int main() {
  atexit(check_done);
  atexit(set_done);
  if (__VERIFIER_nondet_int()) exit(1);
  return 0;
}
