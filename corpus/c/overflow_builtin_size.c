// slam: lowers
// expect: SAFE
// A checked size computation in size_t: when the multiplication does not overflow, the count
// is at most SIZE_MAX / 16.
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main() {
  unsigned long n = __VERIFIER_nondet_ulong();
  unsigned long bytes;
  if (__builtin_mul_overflow(n, 16UL, &bytes)) return 1;
  if (n > 0x0fffffffffffffffUL) reach_error();
  return 0;
}
