// rule: specs/spinlock.slic
// expect: SAFE
// Two lock objects with per-object state: the receive and transmit locks are taken and
// released in an interleaved (hand-over-hand) order; each one alternates correctly, though
// the global sequence acquire, acquire, release, release would look wrong to a rule that
// tracked a single lock state.
#include "../include/wdm_stub.h"

typedef struct {
    KSPIN_LOCK RxLock;
    KSPIN_LOCK TxLock;
    int RxCount;
    int TxCount;
} ADAPTER;

ADAPTER Adapter;

void MoveRxToTx(ADAPTER *a) {
    KIRQL rx, tx;
    KeAcquireSpinLock(&a->RxLock, &rx);
    a->RxCount--;
    KeAcquireSpinLock(&a->TxLock, &tx);
    KeReleaseSpinLock(&a->RxLock, rx);
    a->TxCount++;
    KeReleaseSpinLock(&a->TxLock, tx);
}

int main(void) {
    while (nondet_int())
        MoveRxToTx(&Adapter);
    return 0;
}
