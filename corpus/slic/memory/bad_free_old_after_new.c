// rule: specs/memory.slic
// expect: VIOLATION
// input: 0 0 0 0 1
// message: The program is calling free on memory it has already freed (double free).
// The old pointer is freed again after a new block was allocated and freed. With a C
// library that reuses the address, this second free(a) would release b's block: a double
// free of the allocation a either way (slam's objects are per allocation, issue 13).
#include "libc_stub.h"

int main(void) {
    char *a = malloc(16);
    if (a == NULL)
        return 1;
    free(a);
    char *b = malloc(16);
    if (b == NULL)
        return 1;
    free(b);
    free(a);
    return 0;
}
