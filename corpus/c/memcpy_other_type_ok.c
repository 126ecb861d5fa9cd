// slam: lowers
// expect: SAFE
// memcpy from bytes into an int (clobbered, see memcpy_other_type_bug.c) next to a property
// that does not depend on the written value: proved.
#include <string.h>
void reach_error(void);
int main(void) {
    unsigned char bytes[4] = {1, 2, 3, 4};
    unsigned x = 0;
    int calls = 0;
    memcpy(&x, bytes, sizeof x);
    calls++;
    if (calls != 1)
        reach_error();
    return (int)x;
}
