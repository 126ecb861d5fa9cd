// slam: lowers
// expect: SAFE
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x < 100 && y < 100);
  if (x + y >= 200) reach_error();
  return 0;
}
