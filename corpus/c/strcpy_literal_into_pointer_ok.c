// slam: lowers
// expect: SAFE
// strcpy writes the literal and its NUL and nothing after them.
#include <string.h>
void reach_error(void);
static void put(char *p) { strcpy(p, "ab"); }
int main(void) {
    char buf[8];
    buf[3] = 'q';
    put(buf);
    if (buf[1] != 'b' || buf[2] != 0 || buf[3] != 'q')
        reach_error();
    return 0;
}
