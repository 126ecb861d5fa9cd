// wrap: SAFE
// assume-none: SAFE
// error: SAFE
// Guarded arithmetic: no operation can overflow and the error is unreachable in every mode.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > -1000 && x < 1000) {
    int y = x * 1000 + 7;
    if (y > 999007)
      reach_error();
  }
  return 0;
}
