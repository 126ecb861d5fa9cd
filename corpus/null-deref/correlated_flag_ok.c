// expect: SAFE
// The correct twin of correlated_flag_bug.c: the flag is the one `open_dev` returned.
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
  close_dev(d, ok);
  return 0;
}
