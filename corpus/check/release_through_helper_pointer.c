// rule: specs/spinlock.slic
// expect: VIOLATION
// The lock is the first field of a struct that is a local of main: the rule's tracked object
// is that field's address, the struct's own address too (pointer equality is address
// equality; the interpreter compared paths and could not confirm the trace before session 3).
#include "../include/wdm_stub.h"
extern int __VERIFIER_nondet_int(void);
struct dev { KSPIN_LOCK lock; int n; };
KSPIN_LOCK *pick(struct dev *a, struct dev *b, int w) { return w ? &a->lock : &b->lock; }
NTSTATUS DispatchRead(struct dev *a, struct dev *b, int w) {
  KIRQL old;
  KeAcquireSpinLock(&a->lock, &old);
  KeReleaseSpinLock(pick(a, b, w), old);
  return 0;
}
int main(void) { struct dev a, b; DispatchRead(&a, &b, __VERIFIER_nondet_int()); return 0; }
