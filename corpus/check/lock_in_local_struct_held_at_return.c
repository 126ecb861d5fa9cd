// rule: specs/spinlock.slic
// expect: VIOLATION
// The lock is the first field of a struct that is a local of main: the rule's tracked object
// is that field's address, the struct's own address too (pointer equality is address
// equality; the interpreter compared paths and could not confirm the trace before session 3).
#include "../include/wdm_stub.h"
extern int __VERIFIER_nondet_int(void);
struct dev { KSPIN_LOCK lock; int n; };
NTSTATUS DispatchRead(struct dev *a, int w) {
  KIRQL old;
  KeAcquireSpinLock(&a->lock, &old);
  if (w == 42) return 1;
  KeReleaseSpinLock(&a->lock, old);
  return 0;
}
int main(void) { struct dev a; DispatchRead(&a, __VERIFIER_nondet_int()); return 0; }
