// rule: specs/file.slic
// expect: SAFE
// fopen's result is checked; the file is closed on every path.
#include "libc_stub.h"

int main(void) {
    FILE *f = fopen("log.txt", "w");
    if (f == NULL)
        return 1;
    fprintf(f, "hello %d\n", 42);
    if (nondet_int()) {
        fclose(f);
        return 2;
    }
    fputs("bye\n", f);
    fclose(f);
    return 0;
}
