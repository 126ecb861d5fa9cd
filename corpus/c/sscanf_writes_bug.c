// slam: lowers
// expect: VIOLATION
// random runs miss it: sscanf must have written 12
// sscanf writes the objects its pointer arguments point to (SAFE before session 3).
#include <stdio.h>
extern void reach_error(void);
int main(void) { int v = 0; if (sscanf("12", "%d", &v) == 1 && v == 12) reach_error(); return 0; }
