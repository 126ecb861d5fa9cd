// slam: unsupported
// expect: UNKNOWN
// A VLA whose rows are VLAs too (int m[n][k]) is not supported (only the outermost size may
// vary; int m[n][4] is supported).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 1 || n > 10 || k < 1 || k > 10) return 0;
  int m[n][k];
  m[n - 1][k - 1] = 1;
  if (m[n - 1][k - 1] != 1) reach_error();
  return 0;
}
