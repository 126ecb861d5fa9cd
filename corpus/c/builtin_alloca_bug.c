// slam: lowers
// expect: VIOLATION
// `__builtin_alloca` (what <alloca.h>'s alloca is under gcc) allocates like `alloca`: an
// object that never fails and lives until the function returns. ESBMC's regression tests
// github_330 and github_330_7 were "not supported" for the builtin before session 46.
extern void reach_error(void);
int main(void) {
  int *p = __builtin_alloca(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  if (p[0] + p[1] == 3)
    reach_error();
  return 0;
}
