// slam: lowers
// expect: VIOLATION
// errno holds what the program wrote when no library call came between: gcc reaches the error.
#include <errno.h>
extern void reach_error(void);
int main(void) {
  errno = 5;
  if (errno == 5)
    reach_error();
  return 0;
}
