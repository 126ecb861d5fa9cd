// wrap: VIOLATION
// assume-none: SAFE
// error: VIOLATION
// 64-bit signed multiplication overflow (the check stays in `long`).
// UBSan: signed integer overflow.
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long x = __VERIFIER_nondet_long();
  if (x > 0) {
    long y = x * 3;
    if (y < 0)
      reach_error();
  }
  return 0;
}
