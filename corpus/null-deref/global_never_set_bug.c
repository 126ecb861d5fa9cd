// expect: VIOLATION
// entry: first_char
// The global `table` starts NULL and no function of the program ever sets it: whatever a
// client calls first, `first_char` dereferences NULL. A NULL that only another function's
// set-up would replace is the client's (global_set_by_another_entry_unknown.c); this one is
// the code's own.
#include <stddef.h>
static char **table = NULL;
static int used = 0;
void reset(void) { table = NULL; used = 0; }
int first_char(void) {
  used++;
  return table[0][0];
}
