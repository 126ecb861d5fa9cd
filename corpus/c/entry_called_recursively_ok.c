// slam: lowers
// expect: SAFE
// The twin of entry_called_recursively_bug.c: g is 5 or 0 at every start of main, never 7.
int g = 0;
int n;
int main(void) {
  if (g == 7) reach_error();
  if (n < 3) {
    n++;
    g = 5;
    main();
  }
  return 0;
}
