// expect: VIOLATION
// Interval analysis (issue 30): without a range check the input may be NaN, which compares
// false both ways (gcc -O0 reaches the error with a NaN input). No box closes: NaN is split
// off first and stays open.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x < 2.0) return 0;
  if (x >= 2.0) return 0;
  reach_error();
  return 0;
}
