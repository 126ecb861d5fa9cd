// rule: specs/spinlock.slic
// expect: VIOLATION
// input: 1 0
// message: The driver is calling KeReleaseSpinLock without first acquiring the spin lock.
// The lock is only acquired on one branch but released on both; a second lock is fine.
#include "wdm_stub.h"

KSPIN_LOCK Lock;
KSPIN_LOCK Other;

NTSTATUS DispatchWrite(PDEVICE_OBJECT dev, PIRP irp) {
    KIRQL old, o2;
    KeAcquireSpinLock(&Other, &o2);
    KeReleaseSpinLock(&Other, o2);
    if (nondet_int() == 0)
        KeAcquireSpinLock(&Lock, &old);
    KeReleaseSpinLock(&Lock, old);
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    DispatchWrite(&dev, &irp);
    return 0;
}
