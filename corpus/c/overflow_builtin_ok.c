// slam: lowers
// expect: SAFE
// __builtin_add_overflow and __builtin_mul_overflow tell exactly when the result does not
// fit; the stored result is the exact value when they return false.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int r;
  if (!__builtin_add_overflow(a, b, &r)) {
    if (a >= 0 && b >= 0 && r < 0) reach_error();
    if (a < 0 && b < 0 && r >= 0) reach_error();
  } else {
    if (a < 0 && b > 0) reach_error();
    if (a == 0 || b == 0) reach_error();
  }
  short s;
  if (a >= 0 && a <= 100 && __builtin_mul_overflow(a, 300, &s)) {
    if (a <= 109) reach_error();
  }
  return 0;
}
