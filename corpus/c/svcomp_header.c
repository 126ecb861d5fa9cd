// slam: lowers
// expect: VIOLATION
// The SV-COMP preamble: reach_error() defined through __assert_fail.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_header.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int x = __VERIFIER_nondet_int();
  int y = x;
  if (x > 10) y = y - 1;
  __VERIFIER_assert(y == x);
  return 0;
}
