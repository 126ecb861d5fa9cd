// slam: lowers
// expect: SAFE
// SV-COMP task c/loop-acceleration/array_1-2.c of github.com/sosy-lab/sv-benchmarks (commit
// e6ec07319a85b5b8e3267974cd9cda7b7deb600d; expected verdict true in its array_1-2.yml).
// CEGAR ran dry (no new predicates): the callee's `cond == 0` needs the caller's view of its
// argument `A[1023] == 1023`, which the engine's stuck-time candidates (engine::invariants) add.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_1-2.c", 3, "reach_error"); }

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}

int main(void) {
  int A[2048];
  int i;

  for (i = 0; i < 1024; i++) {
    A[i] = i;
  }

  __VERIFIER_assert(A[1023] == 1023);
}
