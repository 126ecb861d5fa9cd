// rule: specs/spinlock.slic
// expect: SAFE
// The running example of the SLAM papers (Ball & Rajamani, "The SLAM project", POPL 2002):
// a driver drains its queue of write requests under a spin lock. The lock is released in
// the loop only when a request is taken, and the loop runs again exactly then, so the lock
// is always held at the top of the loop and released once at the end. Proving it needs
// the predicate nPackets == nPacketsOld, which the refinement discovers.
#include "../include/wdm_stub.h"

typedef struct _REQUEST {
    struct _REQUEST *Next;
    PIRP irp;
    int status;
    int Status;
} REQUEST;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK WriteListLock;
    REQUEST *WriteListHeadVa;
} DEVICE_EXTENSION;

DEVICE_EXTENSION Extension;

void SmartDevFreeBlock(REQUEST *r);

void DispatchWrite(DEVICE_EXTENSION *devExt) {
    KIRQL irql;
    REQUEST *request;
    PIRP irp;
    int nPackets = 0, nPacketsOld;
    do {
        KeAcquireSpinLock(&devExt->WriteListLock, &irql);
        nPacketsOld = nPackets;
        request = devExt->WriteListHeadVa;
        if (request && request->status) {
            devExt->WriteListHeadVa = request->Next;
            KeReleaseSpinLock(&devExt->WriteListLock, irql);
            irp = request->irp;
            if (request->status > 0) {
                irp->IoStatus.Status = STATUS_SUCCESS;
                irp->IoStatus.Information = request->Status;
            } else {
                irp->IoStatus.Status = STATUS_UNSUCCESSFUL;
                irp->IoStatus.Information = request->Status;
            }
            SmartDevFreeBlock(request);
            IoCompleteRequest(irp, IO_NO_INCREMENT);
            nPackets++;
        }
    } while (nPackets != nPacketsOld);
    KeReleaseSpinLock(&devExt->WriteListLock, irql);
}

int main(void) {
    DispatchWrite(&Extension);
    return 0;
}
