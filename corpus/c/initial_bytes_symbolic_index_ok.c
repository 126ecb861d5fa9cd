// slam: lowers
// expect: SAFE
// As initial_bytes_symbolic_index_bug.c, but no element of tab is 7: the path is infeasible
// only with tab's initial bytes, which a model of the path without them reads.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static const char msg[] = "hello, world";
int tab[4] = {1, 2, 3, 4};
int pad[64] = {5};
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4 && j >= 0 && j < 12 && tab[i] == 7 && msg[j] == 'w' && pad[0] == 5)
    reach_error();
  return 0;
}
