// slam: lowers
// expect: VIOLATION
// strcpy of a string literal through a pointer (zlib's test/example.c fills its buffers
// with "garbage" so): the literal's bytes and its NUL, exact in every engine and in the
// interpreter; strcpy returns its destination.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
static void fill(unsigned char *b) {
    char *r = strcpy((char *)b, "garbage");
    if (r == (char *)b && b[0] == 'g' && b[7] == 0)
        reach_error();
}
int main(void) {
    unsigned char *b = malloc(16);
    if (!b)
        return 0;
    fill(b);
    return 0;
}
