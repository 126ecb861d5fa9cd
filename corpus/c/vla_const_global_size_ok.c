// slam: lowers
// expect: SAFE
// A const integer global with a constant initialiser as a local array's size (a VLA in C,
// of a constant size): a fixed-size array for slam, as for gcc.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
const int SIZE = 100000;
int main(void) {
  int a[SIZE];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= SIZE) return 0;
  a[i] = 3;
  a[SIZE - 1] = 4;
  if (sizeof a != 400000) reach_error();
  if (i != SIZE - 1 && a[i] != 3) reach_error();
  return 0;
}
