// wrap: VIOLATION
// assume-none: SAFE
// error: VIOLATION
// The only path to the error overflows a signed int (`x + 10` near INT_MAX): gcc -O0 wraps,
// the standard promises nothing (issue 31; SV-COMP labels such tasks as if no overflow
// happened). UBSan: signed integer overflow.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 10;
  if (x > 0) {
    y = x + 10;
    if (y < 0)
      reach_error();
  }
  return 0;
}
