// slam: lowers
// expect: VIOLATION
// Writing through an alias changes the variable the check depends on.
int main(void) {
  int x = 0, y = 0;
  int *p = __VERIFIER_nondet_int() ? &x : &y;
  *p = 5;
  if (x == 5) reach_error();
  return 0;
}
