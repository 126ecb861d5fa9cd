// rule: specs/memory.slic
// expect: VIOLATION
// input:
// message: The program is calling free on memory it has already freed (double free).
// The buffer is freed in every iteration of a loop.
#include "libc_stub.h"

int main(void) {
    char *p = malloc(4);
    int i;
    for (i = 0; i < 3; i++) {
        if (p != NULL)
            free(p);
    }
    return 0;
}
