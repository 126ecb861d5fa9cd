// slam: lowers
// expect: SAFE
// sprintf through a pointer of unknown extent: any number of characters from the pointer
// on are written (clobbered); a counter in a register is not touched, so its proof stands.
#include <stdio.h>
#include <stdlib.h>
void reach_error(void);
int calls;
static void name(char *out, int k) {
    sprintf(out, "dev%d", k);
    calls++;
}
int main(void) {
    char *buf = malloc(32);
    if (!buf)
        return 0;
    name(buf, 3);
    if (calls != 1)
        reach_error();
    return 0;
}
