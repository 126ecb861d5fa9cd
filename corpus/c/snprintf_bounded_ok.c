// slam: lowers
// expect: SAFE
// snprintf(buf, n, …) writes at most n bytes of buf: a byte after them keeps its value
// (gcc: the same for any code).
#include <stdio.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
    char buf[16];
    buf[8] = 'z';
    snprintf(buf, 8, "%d", __VERIFIER_nondet_int());
    if (buf[8] != 'z')
        reach_error();
    return 0;
}
