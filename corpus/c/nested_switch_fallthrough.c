// slam: lowers
// expect: VIOLATION
// A missing break makes the command fall into the reset case.
int mode = 0;
void handle(int cmd, int sub) {
  switch (cmd) {
  case 1:
    switch (sub) { case 0: mode = 1; break; case 1: mode = 2; break; default: break; }
    /* missing break */
  case 2:
    mode = 0;
    break;
  case 3:
    if (mode == 0) reach_error();
    break;
  }
}
int main(void) {
  handle(1, __VERIFIER_nondet_int());
  handle(3, 0);
  return 0;
}
