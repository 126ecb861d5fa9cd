// slam: lowers
// expect: VIOLATION
// The error path returns with the lock still held.
int held;
void spin_lock(void) { held = 1; }
void spin_unlock(void) { held = 0; }
int update(int v) {
  spin_lock();
  if (v < 0) return -22;   /* bug: no unlock */
  spin_unlock();
  return 0;
}
int main(void) {
  update(__VERIFIER_nondet_int());
  if (held) reach_error();
  return 0;
}
