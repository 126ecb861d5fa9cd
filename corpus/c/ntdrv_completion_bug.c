// slam: lowers
// expect: VIOLATION
// The error path completes the IRP and then falls through to complete it again.
typedef struct { int completed; int status; } IRP;
void IoCompleteRequest(IRP *irp) { if (irp->completed) reach_error(); irp->completed = 1; }
int read_device(int len) { return len > 512 ? -1 : len; }
int DispatchRead(IRP *irp, int len) {
  int n = read_device(len);
  if (n < 0) {
    irp->status = -22;
    IoCompleteRequest(irp);
    /* missing: return */
  }
  irp->status = n;
  IoCompleteRequest(irp);
  return n;
}
int main(void) {
  IRP irp = { 0, 0 };
  return DispatchRead(&irp, __VERIFIER_nondet_int());
}
