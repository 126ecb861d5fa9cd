// slam: lowers
// expect: SAFE
// The twin of memcpy_variable_size_bug.c: memcpy of a size known only at run time writes the
// first n bytes and nothing past them — the last byte keeps its value.
#include <string.h>
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    char src[2] = "x";
    char dst[2] = {0};
    unsigned n = __VERIFIER_nondet_uint();
    if (n > 1)
        return 0;
    memcpy(dst, src, n);
    if (dst[1] != 0)
        reach_error();
    return 0;
}
