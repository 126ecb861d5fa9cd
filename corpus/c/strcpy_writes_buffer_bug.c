// slam: lowers
// expect: VIOLATION
// strcpy, sprintf, fgets, read, scanf & co. write through their pointer arguments; slam took
// them as external functions that write nothing and answered SAFE (session 3). A string
// literal copied by strcpy is now its bytes and NUL, exactly, so the bug that needs them is
// found and replays.
#include <string.h>
extern void reach_error(void);
int main(void) { char buf[8] = {0}; strcpy(buf, "hi"); if (buf[0] == 'h') reach_error(); return 0; }
