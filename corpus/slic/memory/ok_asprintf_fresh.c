// rule: specs/memory.slic
// expect: SAFE
// asprintf stores a fresh string through its first argument (or fails with a negative
// result): it is not the block freed before. Before the model, `s` kept an arbitrary value
// and slam reported a double free.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *a = malloc(4);
    char *s;
    if (!a)
        return 1;
    free(a);
    if (asprintf(&s, "%d", 3) < 0)
        return 1;
    free(s);
    return 0;
}
