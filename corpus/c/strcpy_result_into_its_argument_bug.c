// slam: lowers
// expect: VIOLATION
// `p = strcpy(p, s)`: the call's result overwrites the variable its destination argument
// reads; the copy must write through the pointer as it was before the call: buf holds "ab"
// and the last assertion fails (gcc -O0: it aborts there). The bug-free form is
// strcpy_result_into_its_argument_ok.c.
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
  assert(q != buf || buf[1] != 'b');
  return 0;
}
