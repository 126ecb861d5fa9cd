// slam: lowers
// expect: VIOLATION
// GNU range designators `[lo ... hi] = v` fill every index of the range.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int table[8] = { [0 ... 3] = 1, [4 ... 7] = 2 };
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 7) return 0;
  if (table[i] == 2) reach_error();
  return 0;
}
