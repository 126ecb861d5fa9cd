// rule: specs/memory.slic
// expect: VIOLATION
// input: 1
// message: The program is calling free on memory it has already freed (double free).
// A string from strdup freed twice.
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *b = strdup("x");
    if (!b)
        return 1;
    free(b);
    free(b);
    return 0;
}
