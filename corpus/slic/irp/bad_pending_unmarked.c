// rule: specs/irp.slic
// expect: VIOLATION
// input: 0 1 1 1
// message: The dispatch routine DispatchRead returned STATUS_PENDING without calling IoMarkIrpPending.
// The request is queued and STATUS_PENDING returned, but IoMarkIrpPending is forgotten.
#include "wdm_stub.h"

PIRP Queue;

NTSTATUS DispatchRead(PDEVICE_OBJECT dev, PIRP irp) {
    if (nondet_int()) {
        Queue = irp;
        return STATUS_PENDING;
    }
    IoCompleteRequest(irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    DispatchRead(&dev, &irp);
    return 0;
}
