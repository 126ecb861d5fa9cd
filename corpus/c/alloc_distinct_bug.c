// slam: lowers
// expect: VIOLATION
// Two allocations are different objects, but here b may be made to point to a's object:
// the write through b then changes *a (issue 13: freshness must not hide an alias the
// program makes itself).
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(sizeof(int));
  int *b = malloc(sizeof(int));
  if (!a || !b)
    return 0;
  *a = 1;
  *b = 2;
  if (__VERIFIER_nondet_int())
    b = a;
  *b = 3;
  assert(*a == 1);
  return 0;
}
