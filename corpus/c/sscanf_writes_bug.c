// slam: lowers
// expect: UNKNOWN
// unknown at check: what sscanf writes is clobbered (unknown to the proofs, not computed by
// the interpreter: a value fed to it could confirm a path the real text forbids, such as
// `v == 13` here), so the bug, which needs the written 12, is never SAFE but not confirmed
// sscanf writes the objects its pointer arguments point to (SAFE before session 3).
#include <stdio.h>
extern void reach_error(void);
int main(void) { int v = 0; if (sscanf("12", "%d", &v) == 1 && v == 12) reach_error(); return 0; }
