// wrap: VIOLATION
// assume-none: SAFE
// error: VIOLATION
// The negation of a negative int is negative only for INT_MIN: signed overflow.
// UBSan: negation of -2147483648 cannot be represented.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) {
    int y = -x;
    if (y < 0)
      reach_error();
  }
  return 0;
}
