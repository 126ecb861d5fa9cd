// slam: lowers
// expect: UNKNOWN
// 128-bit integers are sized, but their arithmetic is not modelled: UNKNOWN, never a guess.
void reach_error(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  unsigned __int128 x = __VERIFIER_nondet_ulonglong();
  if (sizeof(x) != 16) reach_error();
  if (x * x == 4) reach_error();
  return 0;
}
