// slam: lowers
// expect: SAFE
// Issue 27, minimal program 5: glibc's malloc returns addresses aligned to
// _Alignof(max_align_t), 16.
#include <stdlib.h>
void reach_error(void);
int main(void) {
    char *p = malloc(3);
    if (p && (unsigned long)p % 16)
        reach_error();
    return 0;
}
