// slam: lowers
// expect: VIOLATION
// As alloc_fresh_same_site_ok.c, but the second iteration may keep the first block in b:
// the write through b then changes *a. Freshness of the second block must not hide it
// (issue 13).
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = NULL, *b = NULL;
  for (int i = 0; i < 2; i++) {
    int *q = malloc(sizeof(int));
    if (!q)
      return 0;
    if (i == 0)
      a = q;
    else
      b = __VERIFIER_nondet_int() ? a : q;
  }
  *a = 1;
  *b = 2;
  assert(*a == 1);
  return 0;
}
