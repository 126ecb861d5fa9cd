enum state { INIT = 0, HELLO, KEX, AUTH, DONE = 10 };
typedef enum state state_t;
int main(void) {
  state_t s = INIT;
  int steps = 0;
  int got_kex = 0;
  while (s != DONE && steps < 20) {
    int ev = __VERIFIER_nondet_int();
    steps++;
    switch (s) {
    case INIT: s = HELLO; break;
    case HELLO:
      if (ev > 0) s = KEX; else s = INIT;
      break;
    case KEX:
      got_kex = 1;
      s = ev % 2 ? AUTH : HELLO;
      break;
    case AUTH:
      if (!got_kex) reach_error();
      if (ev == 7) { s = DONE; }
      break;
    default:
      reach_error();
    }
  }
  return steps + (int)s;
}
