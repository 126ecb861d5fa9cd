// slam: lowers
// expect: SAFE
// Issue 12, cause 2: C's integer arithmetic as gcc computes it (checked with gcc -O0):
// unsigned wrap, negation of unsigned, arithmetic and logical right shifts, conversions.
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  unsigned h = __VERIFIER_nondet_uint();
  unsigned x = h * 65599u;
  if (h == 3 && x != 196797u) reach_error();
  if (h == 0xffffffffu && x != 4294901697u) reach_error();
  if (-(unsigned)1 != 4294967295u) reach_error();
  int s = -8;
  if ((s >> 1) != -4) reach_error();
  if ((unsigned)s >> 28 != 15) reach_error();
  signed char c = (signed char)__VERIFIER_nondet_int();
  if (c > 127 || c < -128) reach_error();
  unsigned char u = (unsigned char)(c + 256);
  if (c == -1 && u != 255) reach_error();
  long long big = 1LL << 40;
  if ((int)big != 0) reach_error();
  return 0;
}
