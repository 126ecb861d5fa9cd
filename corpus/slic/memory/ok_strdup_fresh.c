// rule: specs/memory.slic
// expect: SAFE
// strdup returns NULL or a fresh block (the C environment model): freeing it
// once is no double free, though an earlier block was freed (issue 18: strdup's block was
// taken for an earlier calloc's).
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *a = calloc(1, 8);
    if (!a)
        return 1;
    free(a);
    char *b = strdup("x");
    if (!b)
        return 1;
    free(b);
    return 0;
}
