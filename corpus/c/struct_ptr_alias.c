// slam: lowers
// expect: SAFE
struct dev { int refs; int opened; };
void open_dev(struct dev *d) { d->refs++; d->opened = 1; }
void close_dev(struct dev *d) { d->refs--; if (d->refs == 0) d->opened = 0; }
int main(void) {
  struct dev a = { 0, 0 }, b = { 0, 0 };
  struct dev *p = __VERIFIER_nondet_int() ? &a : &b;
  struct dev *q = p;
  open_dev(p);
  open_dev(q);
  close_dev(p);
  if (!q->opened) reach_error();
  close_dev(q);
  if (p->opened || p->refs != 0) reach_error();
  return 0;
}
