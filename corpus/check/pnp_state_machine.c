// rule: specs/spinlock.slic
// expect: SAFE
// A switch-based Plug-and-Play state machine: the device state (stopped, started,
// stop-pending, removed) decides which minor functions take the state lock and how they
// release it; every case releases the lock it took before the dispatch routine returns.
#include "../include/wdm_stub.h"

#define IRP_MN_START_DEVICE   0x00
#define IRP_MN_QUERY_STOP     0x05
#define IRP_MN_STOP_DEVICE    0x04
#define IRP_MN_CANCEL_STOP    0x06
#define IRP_MN_REMOVE_DEVICE  0x02

enum dev_state { STOPPED, STARTED, STOP_PENDING, REMOVED };

KSPIN_LOCK StateLock;
enum dev_state State = STOPPED;

NTSTATUS DispatchDeviceControl(PDEVICE_OBJECT dev, PIRP irp, int minor) {
    KIRQL irql;
    NTSTATUS status = STATUS_SUCCESS;
    KeAcquireSpinLock(&StateLock, &irql);
    switch (minor) {
    case IRP_MN_START_DEVICE:
        if (State == STOPPED)
            State = STARTED;
        else
            status = STATUS_UNSUCCESSFUL;
        KeReleaseSpinLock(&StateLock, irql);
        break;
    case IRP_MN_QUERY_STOP:
        if (State != STARTED) {
            KeReleaseSpinLock(&StateLock, irql);
            status = STATUS_UNSUCCESSFUL;
            break;
        }
        State = STOP_PENDING;
        KeReleaseSpinLock(&StateLock, irql);
        break;
    case IRP_MN_CANCEL_STOP:
        if (State == STOP_PENDING)
            State = STARTED;
        /* fall through */
    case IRP_MN_STOP_DEVICE:
        if (State == STOP_PENDING)
            State = STOPPED;
        KeReleaseSpinLock(&StateLock, irql);
        break;
    case IRP_MN_REMOVE_DEVICE:
        State = REMOVED;
        KeReleaseSpinLock(&StateLock, irql);
        break;
    default:
        KeReleaseSpinLock(&StateLock, irql);
        status = STATUS_INVALID_PARAMETER;
        break;
    }
    irp->IoStatus.Status = status;
    return status;
}

int main(void) {
    DEVICE_OBJECT dev;
    IRP irp;
    while (State != REMOVED)
        DispatchDeviceControl(&dev, &irp, nondet_int());
    return 0;
}
