// slam: lowers
// expect: VIOLATION
// memset of an array of structs with a size known only at run time (crawler.c clears a
// table of per-class statistics this way): element by element, exact; a struct past the
// cleared ones keeps its value.
#include <string.h>
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
struct stat { int count; long bytes; };
struct stat table[4];
int main(void) {
    unsigned k = __VERIFIER_nondet_uint();
    if (k > 4)
        return 0;
    table[3].count = 7;
    memset(table, 0, k * sizeof(struct stat));
    if (table[3].count == 7 && table[0].count == 0)
        reach_error();
    return 0;
}
