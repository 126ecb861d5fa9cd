// slam: lowers
// expect: SAFE
// read() into a buffer behind a pointer returns -1 … n (its bytes are clobbered, see
// read_into_pointer_bug.c): the result's range is proved.
#include <unistd.h>
void reach_error(void);
int main(void) {
    char line[16];
    char *p = line;
    long r = read(0, p, 8);
    if (r < -1 || r > 8)
        reach_error();
    return 0;
}
