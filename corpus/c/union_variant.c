// slam: lowers
// expect: SAFE
struct msg { int kind; union { int ival; struct { short lo, hi; } pair; } u; };
int value(struct msg *m) { return m->kind == 0 ? m->u.ival : m->u.pair.lo + m->u.pair.hi; }
int main(void) {
  struct msg m;
  m.kind = 1;
  m.u.pair.lo = 2; m.u.pair.hi = 3;
  if (value(&m) != 5) reach_error();
  return 0;
}
