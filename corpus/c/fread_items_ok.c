// slam: lowers
// expect: SAFE
// fread(buf, 4, 2, f) counts whole items: at most 2, and a byte past the 8 it may write
// keeps its value.
#include <stdio.h>
void reach_error(void);
int main(void) {
    char buf[12];
    buf[8] = 'k';
    FILE *in = fopen("input", "rb");
    if (!in)
        return 0;
    size_t k = fread(buf, 4, 2, in);
    if (k > 2 || buf[8] != 'k')
        reach_error();
    return 0;
}
