/* A small stand-in for the WDK's wdm.h: only what the corpus drivers use, in plain C. */
#ifndef WDM_STUB_H
#define WDM_STUB_H

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef KIRQL *PKIRQL;
typedef unsigned long ULONG_PTR;
typedef ULONG_PTR KSPIN_LOCK;
typedef KSPIN_LOCK *PKSPIN_LOCK;
typedef char CCHAR;
typedef void *HANDLE;

typedef struct _IO_STATUS_BLOCK {
    NTSTATUS Status;
    ULONG_PTR Information;
} IO_STATUS_BLOCK;

typedef struct _IRP {
    IO_STATUS_BLOCK IoStatus;
    int PendingReturned;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef NTSTATUS (*PDRIVER_DISPATCH)(PDEVICE_OBJECT DeviceObject, PIRP Irp);

#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103
#define STATUS_UNSUCCESSFUL (-1073741823)
#define STATUS_INVALID_PARAMETER (-1073741811)
#define IO_NO_INCREMENT 0
#define PASSIVE_LEVEL 0
#define APC_LEVEL 1
#define DISPATCH_LEVEL 2
#define NULL ((void *)0)

void KeAcquireSpinLock(PKSPIN_LOCK SpinLock, PKIRQL OldIrql);
void KeReleaseSpinLock(PKSPIN_LOCK SpinLock, KIRQL NewIrql);
void KeRaiseIrql(KIRQL NewIrql, PKIRQL OldIrql);
void KeLowerIrql(KIRQL NewIrql);
NTSTATUS KeWaitForSingleObject(void *Object, int WaitReason, int WaitMode, int Alertable, void *Timeout);
NTSTATUS ZwClose(HANDLE Handle);
void IoCompleteRequest(PIRP Irp, CCHAR PriorityBoost);
void IoMarkIrpPending(PIRP Irp);
NTSTATUS IoCallDriver(PDEVICE_OBJECT DeviceObject, PIRP Irp);

/* the verification harness's source of unknown values */
int nondet_int(void);

#endif
