// rule: specs/irql.slic
// expect: SAFE
// The raise and the wait are on different branches.
#include "wdm_stub.h"

int Event;
void *Handle;

int main(void) {
    KIRQL old;
    int i;
    for (i = 0; i < 2; i++) {
        if (nondet_int()) {
            KeRaiseIrql(APC_LEVEL, &old);
            KeLowerIrql(old);
        } else {
            KeWaitForSingleObject(&Event, 0, 0, 0, NULL);
            ZwClose(Handle);
        }
    }
    return 0;
}
