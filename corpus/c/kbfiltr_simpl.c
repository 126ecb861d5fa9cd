// slam: lowers
// expect: SAFE
// In the style of SV-COMP's ntdrivers-simplified (kbfiltr): CIL output with a global
// state machine for the IRP protocol and nondeterministic lower drivers.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
int KernelMode, Executive, s, UNLOADED, NP, DC, SKIP1, SKIP2, MPR1, MPR3, IPC;
int pended, compRegistered, lowerDriverReturn, setEventCalled, customIrp, myStatus;
void errorFn(void) {
  ERROR: reach_error();
  return;
}
void _BLAST_init(void) {
  UNLOADED = 0; NP = 1; DC = 2; SKIP1 = 3; SKIP2 = 4; MPR1 = 5; MPR3 = 6; IPC = 7;
  s = UNLOADED; pended = 0; compRegistered = 0; lowerDriverReturn = 0; setEventCalled = 0; customIrp = 0;
  return;
}
int IofCallDriver(int DeviceObject, int Irp) {
  int returnVal2;
  int lcontext = __VERIFIER_nondet_int();
  long long __cil_tmp7;
  if (compRegistered) {
    returnVal2 = lcontext;
  }
  {
    int tmp_ndt_1;
    tmp_ndt_1 = __VERIFIER_nondet_int();
    if (tmp_ndt_1 == 0) { goto switch_2_0; }
    else {
      int tmp_ndt_2;
      tmp_ndt_2 = __VERIFIER_nondet_int();
      if (tmp_ndt_2 == 1) { goto switch_2_1; } else { goto switch_2_default; }
    }
    switch_2_0: returnVal2 = 0; goto switch_2_break;
    switch_2_1: returnVal2 = -1073741823; goto switch_2_break;
    switch_2_default: returnVal2 = 259; goto switch_2_break;
    switch_2_break: ;
  }
  if (s == NP) {
    s = IPC;
    lowerDriverReturn = returnVal2;
  } else {
    if (s == MPR1) {
      __cil_tmp7 = (long long)returnVal2;
      if (__cil_tmp7 == 259LL) { s = MPR3; lowerDriverReturn = returnVal2; }
      else { s = NP; lowerDriverReturn = returnVal2; }
    } else {
      if (s == SKIP1) { s = SKIP2; lowerDriverReturn = returnVal2; }
      else { errorFn(); }
    }
  }
  return (returnVal2);
}
void IofCompleteRequest(int Irp, int PriorityBoost) {
  if (s == NP) { s = DC; } else { errorFn(); }
  return;
}
int KbFilter_PnP(int DeviceObject, int Irp) {
  int devExt, irpStack, status, event = __VERIFIER_nondet_int(), DeviceObject__DeviceExtension = __VERIFIER_nondet_int();
  int irpStack__MinorFunction = __VERIFIER_nondet_int();
  devExt = DeviceObject__DeviceExtension;
  status = 0;
  if (irpStack__MinorFunction == 0) { goto switch_0_0; }
  else if (irpStack__MinorFunction == 23) { goto switch_0_23; }
  else if (irpStack__MinorFunction == 2) { goto switch_0_2; }
  else { goto switch_0_default; }
  {
  switch_0_0:
    if (s != NP) { errorFn(); }
    s = SKIP1;
    s = NP;
    status = IofCallDriver(devExt, Irp);
    if (status == 259) { }
    if (status >= 0) { status = 0; }
    myStatus = status;
    if (s == IPC) { s = NP; } /* the completion routine hands the IRP back */
    IofCompleteRequest(Irp, 0);
    goto switch_0_break;
  switch_0_23:
    if (s == NP) { s = SKIP1; } else { errorFn(); }
    status = IofCallDriver(devExt, Irp);
    goto switch_0_break;
  switch_0_2:
    if (s == NP) { s = SKIP1; } else { errorFn(); }
    status = IofCallDriver(devExt, Irp);
    status = 0;
    goto switch_0_break;
  switch_0_default:
    if (s == NP) { s = SKIP1; } else { errorFn(); }
    status = IofCallDriver(devExt, Irp);
    goto switch_0_break;
  switch_0_break: ;
  }
  return (status);
}
int main(void) {
  int status, devobj = __VERIFIER_nondet_int(), irp = __VERIFIER_nondet_int();
  _BLAST_init();
  status = 0;
  if (status >= 0) {
    s = NP;
    customIrp = 0;
    setEventCalled = customIrp;
    lowerDriverReturn = setEventCalled;
    compRegistered = lowerDriverReturn;
    pended = compRegistered;
    status = KbFilter_PnP(devobj, irp);
  }
  if (pended == 1) { if (s == NP) { s = NP; } else { goto _L___2; } }
  else {
    _L___2:
    if (s == DC) { }
    else if (s != lowerDriverReturn && s != SKIP2 && s != IPC) { }
    else if (status != lowerDriverReturn) { }
  }
  return (status);
}
