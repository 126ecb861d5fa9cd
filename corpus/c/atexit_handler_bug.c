// slam: lowers
// expect: VIOLATION
// atexit handlers run when main returns, in reverse order of registration: check_state runs
// last and sees the value set by the handler registered after it.
#include <stdlib.h>
extern void reach_error(void);
int state;
void check_state(void) {
  if (state == 2) reach_error();
}
void double_state(void) { state = state * 2; }
int main() {
  state = 1;
  atexit(check_state);
  atexit(double_state);
  return 0;
}
