// slam: lowers
// expect: UNKNOWN
// unknown at check: the characters strcpy writes are clobbered (unknown to the proofs, not
// computed by the interpreter), so the bug, which needs them, is never SAFE but not confirmed
// strcpy, sprintf, fgets, read, scanf & co. write through their pointer arguments; slam took
// them as external functions that write nothing and answered SAFE (session 3). The written
// characters are now unknown (a destination it cannot follow makes the check UNKNOWN).
#include <string.h>
extern void reach_error(void);
int main(void) { char buf[8] = {0}; strcpy(buf, "hi"); if (buf[0] == 'h') reach_error(); return 0; }
