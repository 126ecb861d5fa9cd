// slam: lowers
// expect: VIOLATION
// random runs miss it: the index must be exactly SIZE - 1
// The twin of vla_const_global_size_ok.c: the index may be the last one, overwritten.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
const int SIZE = 100000;
int main(void) {
  int a[SIZE];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= SIZE) return 0;
  a[i] = 3;
  a[SIZE - 1] = 4;
  if (a[i] != 3) reach_error();
  return 0;
}
