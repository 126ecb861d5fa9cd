// slam: lowers
// expect: SAFE
// GNU atomic builtins in one thread: a test-and-set spin lock and an atomic counter.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int lock;
int count;
void acquire(void) {
  while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE) != 0) {
  }
}
void release(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  for (int i = 0; i < n; i++) {
    acquire();
    if (__atomic_fetch_add(&count, 1, __ATOMIC_SEQ_CST) != i) reach_error();
    release();
  }
  if (__sync_val_compare_and_swap(&lock, 0, 1) != 0) reach_error();
  if (!__sync_bool_compare_and_swap(&lock, 1, 0)) reach_error();
  if (__atomic_load_n(&count, __ATOMIC_SEQ_CST) != n) reach_error();
  return 0;
}
