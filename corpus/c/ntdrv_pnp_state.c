// slam: lowers
// expect: SAFE
// A PnP state machine driven by minor function codes.
enum pnp_state { NotStarted, Started, StopPending, Stopped, RemovePending, Removed };
struct ext { enum pnp_state state; enum pnp_state prev; int open_handles; };
int pnp(struct ext *e, int minor) {
  switch (minor) {
  case 0: /* START */
    if (e->state == Removed) return -1;
    e->prev = e->state; e->state = Started; break;
  case 1: /* QUERY_STOP */
    if (e->state != Started) return -1;
    e->prev = e->state; e->state = StopPending; break;
  case 2: /* CANCEL_STOP */
    if (e->state == StopPending) e->state = e->prev;
    break;
  case 3: /* STOP */
    if (e->state != StopPending) return -1;
    e->state = Stopped; break;
  case 4: /* QUERY_REMOVE */
    if (e->open_handles > 0) return -1;
    e->prev = e->state; e->state = RemovePending; break;
  case 5: /* REMOVE */
    e->state = Removed; break;
  default:
    break;
  }
  return 0;
}
int main(void) {
  struct ext e = { NotStarted, NotStarted, 0 };
  int n = 0;
  while (n < 10 && e.state != Removed) {
    int minor = __VERIFIER_nondet_int();
    int r = pnp(&e, minor);
    if (minor == 3 && r == 0 && e.state != Stopped) reach_error();
    n++;
  }
  return 0;
}
