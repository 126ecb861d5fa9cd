// expect: VIOLATION
// entry: refill
// The NULL is the function's own: it stores malloc's result in the caller's object unchecked
// and writes through it. A valid pointer from the caller does not avoid it.
#include <stdlib.h>
struct box { int *value; int n; };
int refill(struct box *b) {
  b->value = malloc(sizeof *b->value);
  *b->value = b->n;
  return 0;
}
