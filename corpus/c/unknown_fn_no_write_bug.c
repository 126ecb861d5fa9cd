// slam: lowers
// expect: VIOLATION
// The bug needs no write by the unknown function: x keeps 0 whatever `probe` does not do,
// so the violation is real under both readings of a function without a body.
extern void probe(int *p);
extern void reach_error(void);
int main(void) {
  int x = 0;
  probe(&x);
  if (x == 0) reach_error();
  return 0;
}
