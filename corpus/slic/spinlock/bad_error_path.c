// rule: specs/spinlock.slic
// expect: VIOLATION
// input: 1
// message: The dispatch routine DispatchDeviceControl has returned without releasing the spin lock.
// The error path of a dispatch routine, called through a function pointer, forgets to
// release the lock.
#include "wdm_stub.h"

KSPIN_LOCK Lock;
int Buffer[4];

NTSTATUS DispatchDeviceControl(PDEVICE_OBJECT dev, PIRP irp) {
    KIRQL old;
    int code = nondet_int();
    KeAcquireSpinLock(&Lock, &old);
    if (code != 0) {
        irp->IoStatus.Status = STATUS_INVALID_PARAMETER;
        return STATUS_INVALID_PARAMETER;
    }
    Buffer[0] = 1;
    KeReleaseSpinLock(&Lock, old);
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    PDRIVER_DISPATCH fn = DispatchDeviceControl;
    fn(&dev, &irp);
    return 0;
}
