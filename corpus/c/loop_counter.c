// slam: lowers
// expect: SAFE
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i++;
  if (n >= 0 && i != n) reach_error();
  return 0;
}
