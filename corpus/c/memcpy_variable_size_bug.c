// slam: lowers
// expect: VIOLATION
// memcpy of a size known only at run time between buffers of one type: an element loop,
// exact, so a bug that needs the copied value is found (and replays).
#include <string.h>
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    char src[8] = "xyzw";
    char dst[8] = {0};
    unsigned n = __VERIFIER_nondet_uint();
    if (n < 1 || n > 8)
        return 0;
    memcpy(dst, src, n);
    if (dst[0] == 'x' && n == 2 && dst[2] == 0)
        reach_error();
    return 0;
}
