// rule: specs/spinlock.slic
// expect: VIOLATION
// input:
// message: The driver is calling KeAcquireSpinLock after already acquiring the spin lock.
// A helper acquires the lock its caller already holds.
#include "wdm_stub.h"

KSPIN_LOCK Lock;
int Count;

void Bump(void) {
    KIRQL old;
    KeAcquireSpinLock(&Lock, &old);
    Count++;
    KeReleaseSpinLock(&Lock, old);
}

NTSTATUS DispatchRead(PDEVICE_OBJECT dev, PIRP irp) {
    KIRQL old;
    KeAcquireSpinLock(&Lock, &old);
    Bump();
    KeReleaseSpinLock(&Lock, old);
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    DispatchRead(&dev, &irp);
    return 0;
}
