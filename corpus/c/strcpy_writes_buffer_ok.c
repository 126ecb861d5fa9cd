// slam: lowers
// expect: SAFE
// What strcpy writes is unknown, but a later assignment is not.
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[8] = {0};
  strcpy(buf, "hi");
  buf[0] = 'a';
  if (buf[0] != 'a') reach_error();
  return 0;
}
