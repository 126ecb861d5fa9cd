// slam: lowers
// expect: SAFE
// Compound literals: a struct value, and an object whose address is taken.
void reach_error(void);
int __VERIFIER_nondet_int(void);
struct pt { int x, y; };
int main(void) {
  int a = __VERIFIER_nondet_int();
  struct pt *q = &(struct pt){ a, a };
  struct pt r = (struct pt){ 1, 2 };
  if (r.x + r.y != 3) reach_error();
  if (q->x != q->y) reach_error();
  return 0;
}
