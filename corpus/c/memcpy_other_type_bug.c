// slam: lowers
// expect: VIOLATION
// memcpy from bytes into an int: lowered byte by byte (the program needs byte memory), so the
// int holds the bytes little-endian, 0x04030201 on x86-64, as gcc -O0 computes: the bug is
// found and confirmed.
#include <string.h>
void reach_error(void);
int main(void) {
    unsigned char bytes[4] = {1, 2, 3, 4};
    unsigned x = 0;
    memcpy(&x, bytes, sizeof x);
    if (x == 0x04030201u)
        reach_error();
    return 0;
}
