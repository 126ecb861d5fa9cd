// slam: lowers
// expect: VIOLATION
// random runs miss it: the first byte read must be 0x1f
// fread into a 16 KiB array (minigzip's gz_compress reads its input so): the bytes of the
// items its result counts are the environment's choice, asked by the interpreter, so a bug
// that needs them is found and replays.
#include <stdio.h>
void reach_error(void);
int main(void) {
    unsigned char buf[16384];
    FILE *in = fopen("input", "rb");
    if (!in)
        return 0;
    size_t len = fread(buf, 1, sizeof buf, in);
    if (len > 0 && buf[0] == 0x1f)
        reach_error();
    return 0;
}
