// slam: lowers
// expect: VIOLATION
// __atomic_compare_exchange_n writes the current value into *expected when it fails: a
// retry loop that forgets this sees the update.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int v;
int main() {
  v = __VERIFIER_nondet_int();
  int expected = 0;
  if (!__atomic_compare_exchange_n(&v, &expected, 10, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    if (expected == 7) reach_error();
  }
  return 0;
}
