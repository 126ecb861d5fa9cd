// slam: lowers
// expect: SAFE
// `p = strcpy(p, s)`: the call's result overwrites the variable its destination argument
// reads; the copy (and strlen's model) must write through the pointer as it was before the
// call (gcc -O0: the assertions hold). Before session 46's fix the lowering read `p` after
// the call had set it to the external call's result, any pointer.
#include <string.h>
#include <assert.h>
int main(void) {
  char buf[8], src[4];
  src[0] = 'x'; src[1] = 'y'; src[2] = 0;
  char *p = buf;
  p = strcpy(p, src);
  assert(p == buf && buf[0] == 'x' && strlen(p) == 2);
  char *q = buf;
  q = strcpy(q, "ab");
  assert(q == buf && buf[1] == 'b');
  return 0;
}
