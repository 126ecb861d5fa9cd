// slam: lowers
// expect: UNKNOWN
// unknown at check: the error needs the errno fopen sets, a value slam's replay does not choose
// fopen of a file that does not exist sets errno (ENOENT): gcc reaches the error. slam lets
// any use of errno see any value (a library call may have set it), so it never proves this
// SAFE; its interpreter keeps the 0 the program wrote, so no replay shows the bug: UNKNOWN.
#include <errno.h>
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  errno = 0;
  FILE *f = fopen("/nonexistent/slam/errno", "r");
  if (f == NULL && errno != 0)
    reach_error();
  if (f)
    fclose(f);
  return 0;
}
