// slam: lowers
// expect: VIOLATION
// memset writes the object: after clearing the request, its state is 0 (an external function
// that left memory alone would keep state == 1 and say SAFE).
#include <string.h>
extern void reach_error(void);
struct request { int state; long len; char *buf; };
int main() {
  struct request r;
  r.state = 1;
  r.len = 10;
  r.buf = 0;
  memset(&r, 0, sizeof r);
  if (r.state == 0 && r.len == 0) reach_error();
  return 0;
}
