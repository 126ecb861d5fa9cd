// slam: lowers
// expect: UNKNOWN
// unknown at check: the bug needs a value the library call wrote, which slam clobbers
// memcpy from bytes into an int: slam does not compute the written value, so the int is
// clobbered (unknown to the proofs; a run through the call is unmodelled). The bug needs
// the written value (0x04030201 on x86-64): never SAFE — UNKNOWN, since the replay cannot
// confirm it.
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
