// slam: lowers
// expect: VIOLATION
// random runs miss it: an address that is not a multiple of 4 (plain runs make up aligned ones)
// Issue 12, cause 3: a char may lie at any address (objects have no fixed addresses).
void reach_error(void);
char a;
char b;
int main(void) {
  if ((long)&b % 4 != 0) reach_error();
  return 0;
}
