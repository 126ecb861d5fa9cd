// slam: lowers
// expect: VIOLATION
// memcmp's magnitude is the library's: glibc (and gcc's folding) give -1 for "abc" vs "abd".
// slam's model allows it and the interpreter computes it; gcc -O0: aborts.
#include <string.h>
extern void reach_error(void);
int main(void) {
  char a[4] = "abc", b[4] = "abd";
  if (memcmp(a, b, 3) == -1) reach_error();
  return 0;
}
