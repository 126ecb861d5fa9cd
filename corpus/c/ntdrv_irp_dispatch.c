// slam: lowers
// expect: SAFE
// A WDM-style driver: a MajorFunction dispatch table and IRP completion.
#define IRP_MJ_CREATE 0
#define IRP_MJ_CLOSE 2
#define IRP_MJ_READ 3
#define IRP_MJ_MAXIMUM_FUNCTION 4
#define STATUS_SUCCESS 0
#define STATUS_INVALID_DEVICE_REQUEST 0xC0000010L
typedef long NTSTATUS;
typedef struct _IRP { int MajorFunction; int completed; NTSTATUS Status; unsigned long Information; } IRP, *PIRP;
typedef struct _DEVICE_OBJECT { int Flags; void *DeviceExtension; } DEVICE_OBJECT, *PDEVICE_OBJECT;
typedef NTSTATUS (*PDRIVER_DISPATCH)(PDEVICE_OBJECT, PIRP);
typedef struct _DRIVER_OBJECT { PDRIVER_DISPATCH MajorFunction[IRP_MJ_MAXIMUM_FUNCTION]; } DRIVER_OBJECT;
void IoCompleteRequest(PIRP Irp, int boost) { if (Irp->completed) reach_error(); Irp->completed = 1; }
NTSTATUS DispatchCreateClose(PDEVICE_OBJECT d, PIRP Irp) {
  Irp->Status = STATUS_SUCCESS; Irp->Information = 0;
  IoCompleteRequest(Irp, 0);
  return STATUS_SUCCESS;
}
NTSTATUS DispatchRead(PDEVICE_OBJECT d, PIRP Irp) {
  NTSTATUS status = STATUS_SUCCESS;
  if (d->Flags & 1) status = STATUS_INVALID_DEVICE_REQUEST;
  Irp->Status = status;
  IoCompleteRequest(Irp, 0);
  return status;
}
NTSTATUS DispatchDefault(PDEVICE_OBJECT d, PIRP Irp) {
  Irp->Status = STATUS_INVALID_DEVICE_REQUEST;
  IoCompleteRequest(Irp, 0);
  return STATUS_INVALID_DEVICE_REQUEST;
}
DRIVER_OBJECT Driver;
int main(void) {
  DEVICE_OBJECT dev; IRP irp; int i;
  for (i = 0; i < IRP_MJ_MAXIMUM_FUNCTION; i++) Driver.MajorFunction[i] = DispatchDefault;
  Driver.MajorFunction[IRP_MJ_CREATE] = DispatchCreateClose;
  Driver.MajorFunction[IRP_MJ_CLOSE] = DispatchCreateClose;
  Driver.MajorFunction[IRP_MJ_READ] = DispatchRead;
  dev.Flags = __VERIFIER_nondet_int();
  irp.completed = 0;
  irp.MajorFunction = __VERIFIER_nondet_int();
  if (irp.MajorFunction < 0 || irp.MajorFunction >= IRP_MJ_MAXIMUM_FUNCTION) return 0;
  Driver.MajorFunction[irp.MajorFunction](&dev, &irp);
  return 0;
}
