// wrap: VIOLATION
// assume-none: VIOLATION
// error: VIOLATION
// The error path has no undefined behaviour (the sum stays in range): the same answer in
// every mode.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x < 1000) {
    int y = x + 10;
    if (y == 500)
      reach_error();
  }
  return 0;
}
