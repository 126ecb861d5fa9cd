// rule: specs/irp.slic
// expect: SAFE
// A request that is queued is marked pending before STATUS_PENDING is returned; the
// queued request is completed later, once.
#include "wdm_stub.h"

PIRP Queue;

NTSTATUS DispatchWrite(PDEVICE_OBJECT dev, PIRP irp) {
    if (Queue == NULL && nondet_int()) {
        IoMarkIrpPending(irp);
        Queue = irp;
        return STATUS_PENDING;
    }
    irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

void DpcRoutine(void) {
    if (Queue != NULL) {
        IoCompleteRequest(Queue, IO_NO_INCREMENT);
        Queue = NULL;
    }
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP a;
    DispatchWrite(&dev, &a);
    DpcRoutine();
    return 0;
}
