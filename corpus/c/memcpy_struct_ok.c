// slam: lowers
// expect: SAFE
// memcpy copies the whole object, memset clears every member.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct cfg { int mode; int level; char *name; };
struct cfg saved, cur;
int main() {
  cur.mode = __VERIFIER_nondet_int();
  cur.level = 3;
  memcpy(&saved, &cur, sizeof cur);
  if (saved.mode != cur.mode || saved.level != 3) reach_error();
  memset(&cur, 0, sizeof(struct cfg));
  if (cur.level != 0 || cur.name != 0) reach_error();
  return 0;
}
