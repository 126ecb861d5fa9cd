// rule: specs/file.slic
// expect: VIOLATION
// input: 1
// message: A FILE opened with fopen is still open when main returns.
// The early return leaks the file.
#include "libc_stub.h"

char line[32];

int main(void) {
    FILE *f = fopen("config", "r");
    if (!f)
        return 1;
    if (fgets(line, 32, f) == NULL)
        return 2;
    fclose(f);
    return 0;
}
