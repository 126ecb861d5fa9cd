// slam: lowers
// expect: VIOLATION
// main calls itself: the globals hold their initial values at the run's start only, not at
// the start of the inner call (g is 5 there). The boolean program once re-initialised them at
// every start of the entry, and CEGAR answered SAFE (a wrong SAFE).
int g = 0;
int n;
int main(void) {
  if (g == 5) reach_error();
  if (n == 0) {
    n = 1;
    g = 5;
    main();
  }
  return 0;
}
