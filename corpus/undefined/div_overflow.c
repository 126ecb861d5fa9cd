// wrap: UNKNOWN
// assume-none: SAFE
// error: VIOLATION
// INT_MIN / -1 overflows: x86's idiv traps (SIGFPE), so no run reaches the error.
// UBSan: division of -2147483648 by -1 cannot be represented.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (b < 0) {
    int q = a / b;
    if (a < 0 && q < 0)
      reach_error();
  }
  return 0;
}
