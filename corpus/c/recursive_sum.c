// slam: lowers
// expect: SAFE
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  if (sum(n) < n) reach_error();
  return 0;
}
