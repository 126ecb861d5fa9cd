// rule: specs/file.slic
// expect: VIOLATION
// input: 0
// message: The program is calling fprintf on a FILE that is not open (closed, or fopen returned NULL).
// fopen's result is used without checking for NULL.
#include "libc_stub.h"

int main(void) {
    FILE *f = fopen("log.txt", "w");
    fprintf(f, "hello\n");
    fclose(f);
    return 0;
}
