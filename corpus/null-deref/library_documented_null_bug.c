// expect: VIOLATION
// getenv returns NULL when the variable is not set (C11 7.22.4.6): using its result
// unchecked is a NULL dereference, reported.
#include <stdlib.h>
int main(void) {
  const char *home = getenv("SLAM_SURELY_UNSET_VARIABLE");
  return home[0] == '/';
}
