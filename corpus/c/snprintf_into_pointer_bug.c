// slam: lowers
// expect: UNKNOWN
// unknown at check: the bug needs a value the library call wrote, which slam clobbers
// snprintf through a pointer (logger.c formats into its buffers so): the n bytes are
// clobbered, the result is any int. A bug that needs the formatted text is never SAFE.
#include <stdio.h>
void reach_error(void);
static void fmt(char *out, size_t n, int v) {
    snprintf(out, n, "%d", v);
}
int main(void) {
    char buf[8] = {0};
    fmt(buf, sizeof buf, 7);
    if (buf[0] == '7')
        reach_error();
    return 0;
}
