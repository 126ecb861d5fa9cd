// slam: lowers
// expect: SAFE
// In the style of the SV-COMP ssh-simplified benchmarks: a server handshake state machine.
extern int __VERIFIER_nondet_int(void);
int ssl3_accept(int initial_state) {
  int s__state = initial_state;
  int s__hit = __VERIFIER_nondet_int();
  int blastFlag = 0;
  int ret = -1;
  int got_new_session = 0;
  while (1) {
    if (s__state == 8464) { s__state = 8496; got_new_session = 1; continue; }
    if (s__state == 8496) {
      if (blastFlag == 0) blastFlag = 1;
      if (s__hit) s__state = 8656; else s__state = 8512;
      continue;
    }
    if (s__state == 8512) { if (blastFlag == 1) blastFlag = 2; s__state = 8528; continue; }
    if (s__state == 8528) { s__state = 8544; continue; }
    if (s__state == 8544) { s__state = 8560; continue; }
    if (s__state == 8560) { s__state = 8576; continue; }
    if (s__state == 8576) { if (blastFlag == 2) blastFlag = 3; s__state = 8592; continue; }
    if (s__state == 8592) { s__state = 8608; continue; }
    if (s__state == 8608) { s__state = 8640; continue; }
    if (s__state == 8640) {
      if (blastFlag == 3) blastFlag = 4;
      if (s__hit) s__state = 3; else s__state = 8656;
      continue;
    }
    if (s__state == 8656) { if (blastFlag == 5) goto ERROR; s__state = 8672; continue; }
    if (s__state == 8672) { if (s__hit) s__state = 8640; else s__state = 3; continue; }
    if (s__state == 3) { ret = 1; break; }
    break;
  }
  return ret + got_new_session;
ERROR:
  reach_error();
  return -1;
}
int main(void) { return ssl3_accept(8464); }
