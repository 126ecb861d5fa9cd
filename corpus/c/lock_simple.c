// slam: lowers
// expect: SAFE
// A driver routine acquiring and releasing a spin lock on every path.
typedef unsigned long KSPIN_LOCK;
typedef unsigned char KIRQL;
int lock_state = 0;
void KeAcquireSpinLock(KSPIN_LOCK *l, KIRQL *old) { if (lock_state != 0) reach_error(); lock_state = 1; *old = 0; }
void KeReleaseSpinLock(KSPIN_LOCK *l, KIRQL old) { if (lock_state != 1) reach_error(); lock_state = 0; }
struct dev_ext { KSPIN_LOCK lock; int pending; int queue[8]; };
int dispatch(struct dev_ext *ext, int n) {
  KIRQL irql;
  int i, status = 0;
  KeAcquireSpinLock(&ext->lock, &irql);
  for (i = 0; i < n && i < 8; i++) {
    if (ext->queue[i] < 0) { status = -1; break; }
    ext->pending++;
  }
  KeReleaseSpinLock(&ext->lock, irql);
  return status;
}
int main(void) {
  struct dev_ext ext = { 0, 0, { 0 } };
  int k = __VERIFIER_nondet_int();
  dispatch(&ext, k);
  dispatch(&ext, k + 1);
  return 0;
}
