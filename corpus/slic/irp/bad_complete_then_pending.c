// rule: specs/irp.slic
// expect: VIOLATION
// input: 0 1 1 1
// message: The driver is calling IoCompleteRequest on an IRP that it has already completed.
// A helper completes the IRP it was given, and the caller, through a dispatch table,
// completes it again.
#include "wdm_stub.h"

PDRIVER_DISPATCH Table[1];

void Fail(PIRP irp) {
    irp->IoStatus.Status = STATUS_UNSUCCESSFUL;
    IoCompleteRequest(irp, IO_NO_INCREMENT);
}

NTSTATUS DispatchWrite(PDEVICE_OBJECT dev, PIRP irp) {
    if (nondet_int())
        Fail(irp);
    IoCompleteRequest(irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    Table[0] = DispatchWrite;
    Table[0](&dev, &irp);
    return 0;
}
