int g1, g2;
int check(int *p) { if (!p) return -1; return *p > 0; }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  int *p = a > 0 ? &g1 : &g2;
  *p = b;
  if ((a > 0 && b > 0) || (c < 0 && !(a == b))) {
    g1 += 1;
  } else if (a == 0 || (b == 0 && c == 0)) {
    g2 -= 1;
  }
  while (a > 0 && b-- > 0) { a--; }
  if (check(p) == 1 && check(0) == -1 && g1 == 2) reach_error();
  for (;;) { if (c++ > 3) break; }
  return (g1 * 3 + g2 + a + b + c) & 0x7f;
}
