// slam: lowers
// expect: SAFE
// glibc's errno is `*__errno_location()`: the address of one int object, never NULL (before,
// a function without a body whose pointer result might be NULL: a null-deref false alarm on
// every use of errno). gcc: never reaches the error.
#include <errno.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  errno = 0;
  long v = strtol("12", NULL, 10);
  int *p = &errno;
  if (p == NULL)
    reach_error();
  return (int)v - 12;
}
