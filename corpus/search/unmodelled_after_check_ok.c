// expect: SAFE
// The search proves this in one run: the interpreter stops at the text sprintf writes (slam
// does not compute it), but no error statement can follow that point (`cminus::cfg::
// may_reach_error`), so the run is complete. Before session 48: UNKNOWN ("the search is not
// exhaustive: the interpreter does not model …"). gcc -O0: exits 0.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int a = 2;
  if (a != 2)
    reach_error();
  char buf[8];
  sprintf(buf, "%d", a);
  if (buf[0] == '2')
    puts("two");
  return 0;
}
