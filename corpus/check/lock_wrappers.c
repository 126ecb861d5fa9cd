// rule: specs/spinlock.slic
// expect: SAFE
// The driver wraps the spin-lock calls in its own functions (with logging and a lock
// counter), and the dispatch routines only call the wrappers.
#include "../include/wdm_stub.h"

typedef struct {
    KSPIN_LOCK Lock;
    KIRQL OldIrql;
    int Held;
} DEV_LOCK;

DEV_LOCK DevLock;
int Pending;

void LogEvent(int what);

void DevLockAcquire(DEV_LOCK *l) {
    KeAcquireSpinLock(&l->Lock, &l->OldIrql);
    l->Held++;
    LogEvent(1);
}

void DevLockRelease(DEV_LOCK *l) {
    l->Held--;
    LogEvent(2);
    KeReleaseSpinLock(&l->Lock, l->OldIrql);
}

NTSTATUS DispatchRead(PDEVICE_OBJECT dev, PIRP irp) {
    NTSTATUS status;
    DevLockAcquire(&DevLock);
    if (Pending > 0) {
        Pending--;
        status = STATUS_SUCCESS;
    } else {
        status = STATUS_PENDING;
    }
    DevLockRelease(&DevLock);
    irp->IoStatus.Status = status;
    return status;
}

NTSTATUS DispatchWrite(PDEVICE_OBJECT dev, PIRP irp) {
    DevLockAcquire(&DevLock);
    Pending++;
    DevLockRelease(&DevLock);
    irp->IoStatus.Status = STATUS_SUCCESS;
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    while (nondet_int()) {
        if (nondet_int())
            DispatchRead(&dev, &irp);
        else
            DispatchWrite(&dev, &irp);
    }
    return 0;
}
