// rule: specs/memory.slic
// expect: SAFE
// A block is freed, then another is allocated, used and freed. A C library may return the
// freed block's address again; slam's objects are per allocation, so the new block is not
// the freed one (issue 13), and neither the memset nor the second free is an error.
#include "libc_stub.h"

int main(void) {
    char *a = malloc(16);
    if (a == NULL)
        return 1;
    free(a);
    char *b = malloc(16);
    if (b == NULL)
        return 1;
    memset(b, 0, 16);
    free(b);
    return 0;
}
