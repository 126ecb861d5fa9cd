// rule: specs/irql.slic
// expect: VIOLATION
// input: 1 1 1
// message: The driver is calling ZwClose, which must be called at IRQL < DISPATCH_LEVEL, while the IRQL is raised.
// The error path closes a handle before lowering the IRQL.
#include "wdm_stub.h"

void *Handle;

int main(void) {
    KIRQL old;
    KeRaiseIrql(DISPATCH_LEVEL, &old);
    if (nondet_int()) {
        ZwClose(Handle);
        KeLowerIrql(old);
        return 1;
    }
    KeLowerIrql(old);
    ZwClose(Handle);
    return 0;
}
