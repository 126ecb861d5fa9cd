// rule: specs/spinlock.slic
// expect: VIOLATION
// input:
// message: The driver is calling KeAcquireSpinLock after already acquiring the spin lock.
// KeAcquireSpinLock itself is called through a function pointer, twice on the same lock.
#include "wdm_stub.h"

KSPIN_LOCK Lock;

typedef void (*ACQUIRE)(PKSPIN_LOCK, PKIRQL);

int main(void) {
    KIRQL a, b;
    ACQUIRE acquire = KeAcquireSpinLock;
    acquire(&Lock, &a);
    acquire(&Lock, &b);
    KeReleaseSpinLock(&Lock, b);
    return 0;
}
