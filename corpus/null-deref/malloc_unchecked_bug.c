// expect: VIOLATION
// malloc may return NULL: writing through its result unchecked is a NULL dereference.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof *p);
  *p = 1;
  free(p);
  return 0;
}
