int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int even(int n);
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int even(int n) { return n == 0 ? 1 : odd(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) n = -n;
  n = n % 10;
  int r = fact(n) + fib(n) + even(n) * 1000;
  if (fib(n) == 21) reach_error();
  return r & 0x7f;
}
