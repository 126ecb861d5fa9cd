// slam: lowers
// expect: VIOLATION
// CIL-style code where the loop exit test is off by one.
int main(void) {
  int i; int n; int __retres;
  n = __VERIFIER_nondet_int();
  i = 0;
  if (n < 1 || n > 100) { __retres = 0; goto return_label; }
  while_1_continue: ;
  if (i > n) { goto while_1_break; }
  i = i + 1;
  goto while_1_continue;
  while_1_break: ;
  if (i != n) { reach_error(); }
  __retres = 0;
  return_label:
  return (__retres);
}
