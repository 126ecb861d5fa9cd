// slam: lowers
// expect: VIOLATION
// Issue 27, minimal program 6: glibc runs every handler registered with atexit (it has no
// limit of 32); the first registered runs last and sees that all 40 others ran.
#include <stdlib.h>
void reach_error(void);
static int ran;
static void count(void) { ran++; }
static void check(void) {
    if (ran == 40)
        reach_error();
}
int main(void) {
    atexit(check);
    for (int i = 0; i < 40; i++)
        atexit(count);
    return 0;
}
