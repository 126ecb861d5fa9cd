// slam: lowers
// expect: SAFE
// Two allocations are different objects: the write through b leaves *a alone (issue 13:
// an allocation lies above every earlier one, the allocation watermark).
#include <stdlib.h>
#include <assert.h>
int main(void) {
  int *a = malloc(sizeof(int));
  int *b = malloc(sizeof(int));
  if (!a || !b)
    return 0;
  *a = 1;
  *b = 2;
  assert(*a == 1);
  return 0;
}
