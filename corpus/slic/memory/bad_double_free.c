// rule: specs/memory.slic
// expect: VIOLATION
// input: 0 1 1 1
// message: The program is calling free on memory it has already freed (double free).
// The error path frees the buffer, and the cleanup frees it again.
#include "libc_stub.h"

int main(void) {
    char *buf = malloc(32);
    if (buf == NULL)
        return 1;
    if (nondet_int()) {
        free(buf);
        goto out;
    }
    memset(buf, 1, 32);
out:
    free(buf);
    return 0;
}
