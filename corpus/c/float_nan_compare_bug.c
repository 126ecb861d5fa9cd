// slam: lowers
// expect: VIOLATION
// A NaN input is unequal to itself (IEEE; gcc -O0 x86-64 compares with ucomisd): the bug
// needs a NaN from __VERIFIER_nondet_double.
void reach_error(void);
double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d != d) reach_error();
  return 0;
}
