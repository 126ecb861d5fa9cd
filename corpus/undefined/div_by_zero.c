// wrap: UNKNOWN
// assume-none: SAFE
// error: VIOLATION
// Division by zero: the compiled program traps (SIGFPE), slam's interpreter stops.
// UBSan: division by zero.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  if (d < 1 && d > -1) {
    int q = 100 / d;
    if (q != 7)
      reach_error();
  }
  return 0;
}
