// slam: lowers
// expect: SAFE
// Both blocks come from the same malloc (one allocation site, so the points-to analysis
// cannot tell them apart), yet they are different objects: the write through b leaves *a
// alone. Needs the allocation watermark (issue 13): `a < top` when b is allocated.
#include <stdlib.h>
#include <assert.h>
int main(void) {
  int *a = NULL, *b = NULL;
  for (int i = 0; i < 2; i++) {
    int *q = malloc(sizeof(int));
    if (!q)
      return 0;
    if (i == 0)
      a = q;
    else
      b = q;
  }
  *a = 1;
  *b = 2;
  assert(*a == 1);
  return 0;
}
