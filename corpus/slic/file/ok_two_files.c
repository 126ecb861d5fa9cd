// rule: specs/file.slic
// expect: SAFE
// Copy between two files, each opened, checked and closed once.
#include "libc_stub.h"

char buf[16];

int copy(void) {
    FILE *in = fopen("in.txt", "r");
    if (!in)
        return -1;
    FILE *out = fopen("out.txt", "w");
    if (!out) {
        fclose(in);
        return -1;
    }
    size_t n = fread(buf, 1, 16, in);
    fwrite(buf, 1, n, out);
    fclose(out);
    fclose(in);
    return 0;
}

int main(void) {
    copy();
    return 0;
}
