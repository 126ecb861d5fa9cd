// rule: specs/memory.slic
// expect: SAFE
// Each block is freed once, after its last use; free(NULL) is harmless.
#include "libc_stub.h"

int main(void) {
    char *a = malloc(16);
    char *b = calloc(4, 4);
    if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return 1;
    }
    memset(a, 0, 16);
    memcpy(b, a, 16);
    free(a);
    free(b);
    free(NULL);
    return 0;
}
