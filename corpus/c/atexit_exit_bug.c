// slam: lowers
// expect: VIOLATION
// exit() runs the registered handlers: the cleanup handler finds the resource still held.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int held;
void cleanup(void) {
  if (held) reach_error();
}
int main() {
  if (atexit(cleanup) != 0) return 1;
  held = 1;
  if (__VERIFIER_nondet_int() < 0) exit(2);
  held = 0;
  return 0;
}
