// slam: lowers
// expect: SAFE
// read() writes the r bytes its result counts and no more: a byte after them keeps its
// value (gcc: the same, whatever stdin holds).
#include <unistd.h>
void reach_error(void);
int main(void) {
    char buf[8];
    buf[2] = 'z';
    ssize_t r = read(0, buf, 2);
    if (buf[2] != 'z')
        reach_error();
    if (r > 2)
        reach_error();
    return 0;
}
