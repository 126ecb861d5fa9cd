// rule: specs/memory.slic
// expect: VIOLATION
// input:
// message: The program is calling memcpy on memory after freeing it (use after free).
// The source of the copy was freed just before.
#include "libc_stub.h"

int main(void) {
    char *src = malloc(8);
    char *dst = malloc(8);
    if (src == NULL || dst == NULL)
        return 1;
    memset(src, 7, 8);
    free(src);
    memcpy(dst, src, 8);
    free(dst);
    return 0;
}
