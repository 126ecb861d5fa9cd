// slam: lowers
// expect: VIOLATION
// toupper maps 'a' to 'A': the error needs the input 'a' (gcc's run with it reaches it).
// Before session 46 toupper's result was any value and no run could be confirmed.
#include <ctype.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (toupper(c) == 'A' && c != 'A')
    reach_error();
  return 0;
}
