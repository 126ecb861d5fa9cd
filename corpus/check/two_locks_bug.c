// rule: specs/spinlock.slic
// expect: VIOLATION
// message: The driver is calling KeReleaseSpinLock without first acquiring the spin lock.
// Two lock objects with per-object state: on the retry path the driver releases the
// transmit lock, which it never acquired (it meant the receive lock).
#include "../include/wdm_stub.h"

KSPIN_LOCK RxLock;
KSPIN_LOCK TxLock;
int RxCount;

void Receive(int retry) {
    KIRQL irql;
    KeAcquireSpinLock(&RxLock, &irql);
    RxCount++;
    if (retry) {
        KeReleaseSpinLock(&TxLock, irql);    /* bug: wrong lock */
        return;
    }
    KeReleaseSpinLock(&RxLock, irql);
}

int main(void) {
    Receive(0);
    Receive(nondet_int());
    return 0;
}
