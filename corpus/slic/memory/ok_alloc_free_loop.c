// rule: specs/memory.slic
// expect: SAFE
// Each iteration frees the block it allocated, once. The block of an earlier iteration is
// another object, even if a C library hands out the same address again: slam's objects are
// per allocation (issue 13: every allocation lies above the allocation watermark).
#include "libc_stub.h"

int main(void) {
    while (nondet_int()) {
        char *p = malloc(8);
        if (p == NULL)
            return 1;
        memset(p, 0, 8);
        free(p);
    }
    return 0;
}
