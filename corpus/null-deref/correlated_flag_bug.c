// expect: VIOLATION
// A flag correlates two calls: `open_dev` sets `*dev` only when it succeeds, and `close_dev`
// uses it when the flag says so — but the caller passes the wrong flag on one path.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
struct dev { int refs; };
static struct dev the_dev;
static int open_dev(struct dev **out) {
  if (__VERIFIER_nondet_int()) { *out = &the_dev; return 1; }
  *out = NULL;
  return 0;
}
static void close_dev(struct dev *d, int opened) { if (opened) d->refs--; }
int main(void) {
  struct dev *d;
  int ok = open_dev(&d);
  int retry = __VERIFIER_nondet_int();
  close_dev(d, ok || retry);
  return 0;
}
