// slam: lowers
// expect: VIOLATION
// A GNU statement expression: its value is its last expression statement.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = ({ int t = x * 2; t + 1; });
  if (y == 7) reach_error();
  return 0;
}
