// rule: specs/memory.slic
// expect: VIOLATION
// input: 0 1
// message: The program is calling free on memory it has already freed (double free).
// asprintf stores a fresh string through its first argument; it is freed twice.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *s;
    if (asprintf(&s, "%d", 3) < 0)
        return 1;
    free(s);
    free(s);
    return 0;
}
