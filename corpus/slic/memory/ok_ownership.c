// rule: specs/memory.slic
// expect: SAFE
// A buffer handed to a consumer is freed by the consumer only; the pointer is cleared.
#include "libc_stub.h"

char *pending;

void consume(void) {
    if (pending != NULL) {
        memset(pending, 0, 8);
        free(pending);
        pending = NULL;
    }
}

int main(void) {
    int i;
    for (i = 0; i < 2; i++) {
        if (nondet_int())
            pending = malloc(8);
        consume();
    }
    consume();
    return 0;
}
