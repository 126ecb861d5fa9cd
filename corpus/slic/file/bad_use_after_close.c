// rule: specs/file.slic
// expect: VIOLATION
// input: 1 0 1 1 1
// message: The program is calling fputc on a FILE that is not open (closed, or fopen returned NULL).
// The error path closes the file, then the common path writes to it.
#include "libc_stub.h"

int main(void) {
    FILE *f = fopen("out.txt", "w");
    if (f == NULL)
        return 1;
    if (nondet_int())
        fclose(f);
    fputc('x', f);
    fclose(f);
    return 0;
}
