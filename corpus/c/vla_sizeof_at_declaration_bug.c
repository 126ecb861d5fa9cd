// slam: lowers
// expect: VIOLATION
// sizeof of a variable-length array is its size when the declaration ran, not the current
// value of the variable that gave it (gcc: 5 elements, n is 6).
extern void reach_error(void);
int main(void) {
  int n = 5;
  int a[n];
  n++;
  if (sizeof a / sizeof a[0] != n) reach_error();
  return 0;
}
