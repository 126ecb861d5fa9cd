// slam: lowers
// expect: SAFE
// The twin of memset_struct_array_bug.c: the whole table cleared (its size: sizeof table,
// through a pointer to the array) leaves no count behind.
#include <string.h>
void reach_error(void);
struct stat { int count; long bytes; };
struct stat table[4];
int main(void) {
    table[3].count = 7;
    table[1].bytes = 9;
    memset(&table, 0, sizeof table);
    if (table[3].count != 0 || table[1].bytes != 0)
        reach_error();
    return 0;
}
