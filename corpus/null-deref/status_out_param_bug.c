// expect: VIOLATION
// A status correlates two calls: `acquire` fills `*buf` only when it returns 0, and
// `release` writes through the buffer when its `held` argument is non-zero — the caller
// passes the negated status.
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
  release(b, status != 0);
  return 0;
}
