// wrap: VIOLATION
// assume-none: SAFE
// error: VIOLATION
// A product of two positive inputs that is negative: only through signed overflow.
// UBSan: signed integer overflow.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 0 && b > 0) {
    int r = a * b;
    if (r < 0)
      reach_error();
  }
  return 0;
}
