// rule: specs/irp.slic
// expect: VIOLATION
// input: 0 1 1 1
// message: The driver is calling IoCompleteRequest on an IRP that it has already completed.
// The error path completes the IRP and then falls through to the common completion.
#include "wdm_stub.h"

NTSTATUS DispatchDeviceControl(PDEVICE_OBJECT dev, PIRP irp) {
    NTSTATUS st = STATUS_SUCCESS;
    if (nondet_int()) {
        st = STATUS_INVALID_PARAMETER;
        irp->IoStatus.Status = st;
        IoCompleteRequest(irp, IO_NO_INCREMENT);
    }
    irp->IoStatus.Status = st;
    IoCompleteRequest(irp, IO_NO_INCREMENT);
    return st;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    DispatchDeviceControl(&dev, &irp);
    return 0;
}
