// rule: specs/irp.slic
// expect: SAFE
// Every path completes the IRP exactly once.
#include "wdm_stub.h"

NTSTATUS DispatchRead(PDEVICE_OBJECT dev, PIRP irp) {
    NTSTATUS st = STATUS_SUCCESS;
    if (nondet_int())
        st = STATUS_INVALID_PARAMETER;
    irp->IoStatus.Status = st;
    IoCompleteRequest(irp, IO_NO_INCREMENT);
    return st;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP a, b;
    DispatchRead(&dev, &a);
    DispatchRead(&dev, &b);
    return 0;
}
