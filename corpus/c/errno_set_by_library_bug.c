// slam: lowers
// expect: VIOLATION
// fopen of a file that does not exist sets errno (ENOENT): gcc reaches the error. After a
// library call errno holds a value the library chose (an input that the interpreter is fed
// and the compiled run makes itself); the compiled run reaches the error too.
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
