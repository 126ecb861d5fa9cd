// rule: specs/irql.slic
// expect: VIOLATION
// input:
// message: The driver is calling KeWaitForSingleObject, which must be called at IRQL < DISPATCH_LEVEL, while the IRQL is raised.
// Waiting while holding a spin lock (which raises to DISPATCH_LEVEL).
#include "wdm_stub.h"

int Event;
KSPIN_LOCK Lock;

int main(void) {
    KIRQL old;
    KeAcquireSpinLock(&Lock, &old);
    KeWaitForSingleObject(&Event, 0, 0, 0, NULL);
    KeReleaseSpinLock(&Lock, old);
    return 0;
}
