// slam: lowers
// expect: UNKNOWN
// unknown at check: the bug needs a value the library call wrote, which slam clobbers
// read() into a buffer behind a pointer: slam bounds what it writes (n bytes) and clobbers
// them. A bug that needs the bytes read is never SAFE (UNKNOWN: the replay cannot say what
// read returned in the buffer).
#include <unistd.h>
void reach_error(void);
static int parse(char *buf, size_t n) {
    ssize_t r = read(0, buf, n);
    if (r > 0 && buf[0] == 'Q')
        return 1;
    return 0;
}
int main(void) {
    char line[16];
    line[0] = 0;
    if (parse(line, sizeof line))
        reach_error();
    return 0;
}
