// rule: specs/spinlock.slic
// expect: VIOLATION
// input: 2236419
// message: The driver is calling KeAcquireSpinLock after already acquiring the spin lock.
// A device-control handler forwards the control code to a helper; one code (0x222003,
// IOCTL_RESET_QUEUE) makes the helper take the queue lock a second time. Only that value
// of the input reaches the bug, and the trace shows it.
#include "../include/wdm_stub.h"

#define IOCTL_GET_STATS   0x222000
#define IOCTL_FLUSH       0x222001
#define IOCTL_RESET_QUEUE 0x222003

KSPIN_LOCK QueueLock;
int QueueLength;
int Stats;

static void ResetQueue(void) {
    KIRQL irql;
    KeAcquireSpinLock(&QueueLock, &irql);
    QueueLength = 0;
    KeReleaseSpinLock(&QueueLock, irql);
}

static NTSTATUS HandleControl(int code) {
    switch (code) {
    case IOCTL_GET_STATS:
        return Stats;
    case IOCTL_FLUSH:
        QueueLength = 0;
        return STATUS_SUCCESS;
    case IOCTL_RESET_QUEUE:
        ResetQueue();          /* bug: called with QueueLock held */
        return STATUS_SUCCESS;
    default:
        return STATUS_INVALID_PARAMETER;
    }
}

NTSTATUS DispatchDeviceControl(PDEVICE_OBJECT dev, PIRP irp, int code) {
    KIRQL irql;
    NTSTATUS status;
    KeAcquireSpinLock(&QueueLock, &irql);
    Stats++;
    status = HandleControl(code);
    KeReleaseSpinLock(&QueueLock, irql);
    irp->IoStatus.Status = status;
    IoCompleteRequest(irp, IO_NO_INCREMENT);
    return status;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    int code = nondet_int();
    DispatchDeviceControl(&dev, &irp, code);
    return 0;
}
