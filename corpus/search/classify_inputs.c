// expect: VIOLATION
// Tests from predicates (issue 14): inputs pass through a classifier with nested and
// short-circuit branches in a loop; the error needs x > 100 and y == 2 * x three times with
// n != 42. `slam tests` covers its branch targets; the search finds the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int classify(int x, int y) {
  if (x > 100) {
    if (y == x * 2) return 3;
    return 2;
  }
  if (x < -5 && y > 7) return 1;
  return 0;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int total = 0;
  for (int i = 0; i < 3; i++) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    int c = classify(a, b);
    if (c == 3 && n == 42) total += 10;
    else total += c;
  }
  if (total == 30) reach_error();
  return 0;
}
