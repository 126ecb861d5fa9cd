// slam: lowers
// expect: VIOLATION
// random runs miss it: x == 65536
// Issue 12, cause 2: unsigned multiplication wraps (65536 * 65536 == 0 in 32 bits).
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x == 65536u && x * x == 0u) reach_error();
  return 0;
}
