// slam: lowers
// expect: VIOLATION
// A client handshake in which a retransmission increments the flag once too often.
int main(void) {
  int state = 4368;
  int blastFlag = 0;
  int retransmit = __VERIFIER_nondet_int();
  int loops = 0;
  while (loops < 20) {
    loops++;
    switch (state) {
    case 4368: blastFlag = 1; state = 4384; break;
    case 4384:
      blastFlag++;
      if (retransmit > 0) { retransmit--; state = 4384; } else state = 4400;
      break;
    case 4400:
      if (blastFlag == 4) goto ERROR;
      state = 3;
      break;
    case 3: return 0;
    default: return -1;
    }
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
