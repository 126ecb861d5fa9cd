// slam: lowers
// expect: VIOLATION
// Reads of globals' initial values at indices the path chooses (tab[i], msg[j]): Newton
// poses the path with only the initial bytes its model reads (the rest of pad's 256 bytes
// never), adding an object's bytes when a model reads into it, until a model reads none.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static const char msg[] = "hello, world";
int tab[4] = {1, 2, 3, 4};
int pad[64] = {5};
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4 && j >= 0 && j < 12 && tab[i] == 3 && msg[j] == 'w' && pad[0] == 5)
    reach_error();
  return 0;
}
