// rule: specs/spinlock.slic
// expect: VIOLATION
// message: The dispatch routine DispatchWrite has returned without releasing the spin lock.
// Lock wrapper functions; the write path returns early on a full queue without calling
// the release wrapper.
#include "../include/wdm_stub.h"

#define QUEUE_MAX 16

KSPIN_LOCK QueueLock;
KIRQL QueueIrql;
int Queued;

void QueueLockAcquire(void) { KeAcquireSpinLock(&QueueLock, &QueueIrql); }
void QueueLockRelease(void) { KeReleaseSpinLock(&QueueLock, QueueIrql); }

NTSTATUS DispatchWrite(PDEVICE_OBJECT dev, PIRP irp) {
    QueueLockAcquire();
    if (Queued >= QUEUE_MAX) {
        irp->IoStatus.Status = STATUS_UNSUCCESSFUL;
        return STATUS_UNSUCCESSFUL;      /* bug: the lock is still held */
    }
    Queued++;
    QueueLockRelease();
    irp->IoStatus.Status = STATUS_SUCCESS;
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    Queued = nondet_int();
    DispatchWrite(&dev, &irp);
    return 0;
}
