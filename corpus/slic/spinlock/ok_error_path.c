// rule: specs/spinlock.slic
// expect: SAFE
// The error path releases the lock too; the dispatch routines are called through the
// driver's function-pointer table.
#include "wdm_stub.h"

KSPIN_LOCK Lock;
int Pending;
PDRIVER_DISPATCH MajorFunction[2];

NTSTATUS DispatchWrite(PDEVICE_OBJECT dev, PIRP irp) {
    KIRQL old;
    KeAcquireSpinLock(&Lock, &old);
    if (nondet_int()) {
        KeReleaseSpinLock(&Lock, old);
        return STATUS_UNSUCCESSFUL;
    }
    Pending++;
    KeReleaseSpinLock(&Lock, old);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchDeviceControl(PDEVICE_OBJECT dev, PIRP irp) {
    KIRQL old;
    NTSTATUS st = STATUS_SUCCESS;
    KeAcquireSpinLock(&Lock, &old);
    if (Pending == 0)
        st = STATUS_INVALID_PARAMETER;
    else
        Pending--;
    KeReleaseSpinLock(&Lock, old);
    return st;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    MajorFunction[0] = DispatchWrite;
    MajorFunction[1] = DispatchDeviceControl;
    int i = nondet_int();
    if (i < 0 || i > 1)
        i = 0;
    MajorFunction[i](&dev, &irp);
    MajorFunction[1 - i](&dev, &irp);
    return 0;
}
