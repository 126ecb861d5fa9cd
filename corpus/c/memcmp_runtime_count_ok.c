// slam: lowers
// expect: SAFE
// memcmp with a count read at run time: equal up to the count, the sign of byte 4 past it.
// gcc -O0 (any count): exits 0.
#include <string.h>
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  char a[8] = "abcdefg", b[8] = "abcdxfg";
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n > 8) return 0;
  int r = memcmp(a, b, n);
  if (n <= 4 && r != 0) reach_error();
  if (n > 4 && r >= 0) reach_error();
  if (r == 0 && n == 6) reach_error();
  return 0;
}
