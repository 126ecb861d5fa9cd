// slam: lowers
// expect: VIOLATION
// Issue 12, cause 2: a 64-bit constant and unsigned long wrap-around.
void reach_error(void);
int main(void) {
  unsigned long x = 0xffffffffffffffffUL;
  if (x + 1 == 0) reach_error();
  return 0;
}
