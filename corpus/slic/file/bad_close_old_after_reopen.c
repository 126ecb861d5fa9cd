// rule: specs/file.slic
// expect: VIOLATION
// input: 1 0 0 1
// message: The program is calling fclose on a FILE it has already closed.
// The first FILE is closed twice, though another was opened and closed in between (the
// reopened FILE is another object: issue 13).
#include "libc_stub.h"

int main(void) {
    FILE *f = fopen("log.txt", "w");
    if (!f)
        return 1;
    fclose(f);
    FILE *g = fopen("log.txt", "a");
    if (!g)
        return 1;
    fclose(g);
    fclose(f);
    return 0;
}
