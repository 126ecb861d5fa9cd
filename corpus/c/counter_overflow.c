// slam: lowers
// expect: VIOLATION
// An 8-bit sequence number wraps around.
unsigned char seq = 250;
unsigned char next_seq(void) { return ++seq; }
int main(void) {
  int i;
  for (i = 0; i < 10; i++) {
    if (next_seq() == 0) reach_error();
  }
  return 0;
}
