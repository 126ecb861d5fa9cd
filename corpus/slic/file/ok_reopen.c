// rule: specs/file.slic
// expect: SAFE
// A file is closed, then opened again: the second FILE is another object (issue 13), so
// writing to it and closing it are no use after fclose.
#include "libc_stub.h"

int main(void) {
    FILE *f = fopen("log.txt", "w");
    if (!f)
        return 1;
    fputs("one", f);
    fclose(f);
    FILE *g = fopen("log.txt", "a");
    if (!g)
        return 1;
    fputs("two", g);
    fclose(g);
    return 0;
}
