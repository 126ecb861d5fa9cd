// slam: lowers
// expect: VIOLATION
// memcpy from bytes into an int: the front end copies byte by byte (the program needs byte
// memory), and the interpreter's memory is bytes, so the replay computes the written value
// (0x04030201 on x86-64, gcc -O0: reach_error) and confirms the bug.
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
