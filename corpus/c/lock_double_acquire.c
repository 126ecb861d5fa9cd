// slam: lowers
// expect: VIOLATION
// The lock is taken again on the retry path without being released.
int locked = 0;
void lock(void) { if (locked) reach_error(); locked = 1; }
void unlock(void) { if (!locked) reach_error(); locked = 0; }
int main(void) {
  int retries = __VERIFIER_nondet_int();
  lock();
  while (retries > 0) {
    if (__VERIFIER_nondet_int()) {
      lock();            /* bug: should unlock first */
    }
    retries--;
  }
  unlock();
  return 0;
}
