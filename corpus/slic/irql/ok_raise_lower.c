// rule: specs/irql.slic
// expect: SAFE
// Waits happen only at PASSIVE_LEVEL; each raise is undone before the next wait.
#include "wdm_stub.h"

int Event;
KSPIN_LOCK Lock;

void Work(void) {
    KIRQL old;
    KeRaiseIrql(DISPATCH_LEVEL, &old);
    KeLowerIrql(old);
    KeWaitForSingleObject(&Event, 0, 0, 0, NULL);
    KeAcquireSpinLock(&Lock, &old);
    KeReleaseSpinLock(&Lock, old);
    KeWaitForSingleObject(&Event, 0, 0, 0, NULL);
}

int main(void) {
    Work();
    return 0;
}
