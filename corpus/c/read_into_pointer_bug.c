// slam: lowers
// expect: VIOLATION
// random runs miss it: the byte read must be 'Q'
// read() into a buffer behind a pointer writes exactly the r bytes its result counts, each
// the environment's choice (the interpreter asks for them: a replay's bytes are inputs), so
// a bug that needs the bytes read is found and replays.
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
