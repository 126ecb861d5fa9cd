// slam: lowers
// expect: UNKNOWN
// unknown at check: the error needs a write by a function without a body
// Passed an array, an unknown function may write any element (was a wrong SAFE).
extern void read_block(int *buf, int n);
extern void reach_error(void);
int main(void) {
  int buf[4] = { 0, 0, 0, 0 };
  read_block(buf, 4);
  if (buf[3] == 9) reach_error();
  return 0;
}
