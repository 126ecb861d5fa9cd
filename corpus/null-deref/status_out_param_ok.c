// expect: SAFE
// The twin of status_out_param_bug.c: `release` is told the buffer is held exactly when
// `acquire` filled it.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
struct buf { int len; };
static struct buf pool;
static int acquire(struct buf **out) {
  if (__VERIFIER_nondet_int() > 0) { *out = NULL; return -1; }
  *out = &pool;
  return 0;
}
static void release(struct buf *b, int held) { if (held) b->len = 0; }
int main(void) {
  struct buf *b;
  int status = acquire(&b);
  release(b, status == 0);
  return 0;
}
