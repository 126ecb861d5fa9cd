// slam: lowers
// expect: SAFE
// Compound literals: a struct passed by value and an array object.
void reach_error(void);
int __VERIFIER_nondet_int(void);
struct pt { int x, y; };
static int sum(struct pt p) { return p.x + p.y; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int *v = (int[]){ a, a };
  if (sum((struct pt){ 1, 2 }) != 3) reach_error();
  if (v[0] != v[1]) reach_error();
  return 0;
}
