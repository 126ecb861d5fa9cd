// slam: lowers
// expect: SAFE
int sign(int x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int s = sign(a);
  int t = a == 0 ? 0 : (s == 1 ? a : -a);
  if (a != -2147483647 - 1 && t < 0) reach_error();
  return 0;
}
