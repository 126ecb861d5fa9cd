// rule: specs/memory.slic
// expect: VIOLATION
// input: 1 0 0
// message: The program is calling free on memory it has already freed (double free).
// Each iteration frees its block; after the loop the last block is freed again. That the
// blocks of different iterations are different objects must not hide it (issue 13).
#include "libc_stub.h"

int main(void) {
    char *p = NULL;
    while (nondet_int()) {
        p = malloc(8);
        if (p == NULL)
            return 1;
        free(p);
    }
    if (p != NULL)
        free(p);
    return 0;
}
