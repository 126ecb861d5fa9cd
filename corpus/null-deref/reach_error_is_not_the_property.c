// expect: SAFE
// Under the null-deref property, reach_error() ends the run like abort(): only NULL
// dereferences are errors (this program has none: `p` always points to `x`).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  int *p = &x;
  if (__VERIFIER_nondet_int()) reach_error();
  *p = 2;
  return *p - 2;
}
