// rule: specs/spinlock.slic
// expect: SAFE
// Two spin locks, nested, each acquired once and released once.
#include "wdm_stub.h"

KSPIN_LOCK QueueLock;
KSPIN_LOCK StatsLock;
int Count;

NTSTATUS DispatchRead(PDEVICE_OBJECT dev, PIRP irp) {
    KIRQL q, s;
    KeAcquireSpinLock(&QueueLock, &q);
    KeAcquireSpinLock(&StatsLock, &s);
    Count++;
    KeReleaseSpinLock(&StatsLock, s);
    KeReleaseSpinLock(&QueueLock, q);
    irp->IoStatus.Status = STATUS_SUCCESS;
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    DispatchRead(&dev, &irp);
    DispatchRead(&dev, &irp);
    return 0;
}
