// slam: lowers
// expect: SAFE
// strlen and strcpy of short strings are exact (cfront `lower/strings.rs`): a copy of a
// string that is no literal is its characters up to the NUL, strlen counts up to the first
// NUL, and characters written after the copy change what strlen sees. Adapted from ESBMC's
// regression test regression/cbmc/01_cbmc_String_Abstraction1 (github.com/esbmc/esbmc at
// a670194d); gcc -O0: the assertions hold.
#include <assert.h>
#include <string.h>
int main(void) {
  char a[100], b[100], *p;
  strcpy(a, "asd");
  assert(strlen(a) == 3);
  a[2] = 0;
  assert(strlen(a) == 2);
  p = strcpy(b, a);
  assert(p == b);
  assert(strlen(b) == 2 && b[1] == 's');
  assert(strlen(p + 1) == 1);
  return 0;
}
