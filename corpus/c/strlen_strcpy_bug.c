// slam: lowers
// expect: VIOLATION
// The copy ends at the source's first NUL: b holds "a" after a[1] = 0, so strlen(b) is 1
// (gcc -O0: the assertion fails). With strcpy's text clobbered and strlen any value, slam
// could not confirm this (UNKNOWN before session 46).
#include <assert.h>
#include <string.h>
int main(void) {
  char a[8], b[8];
  strcpy(a, "xyz");
  a[1] = 0;
  strcpy(b, a);
  assert(strlen(b) != 1);
  return 0;
}
