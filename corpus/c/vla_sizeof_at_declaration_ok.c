// slam: lowers
// expect: SAFE
// The twin of vla_sizeof_at_declaration_bug.c: the size stays the one of the declaration.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 100) return 0;
  int m = n;
  char a[n];
  n++;
  if (sizeof a != m) reach_error();
  return 0;
}
