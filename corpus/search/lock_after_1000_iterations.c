// rule: specs/spinlock.slic
// expect: VIOLATION
// Deep bug (issue 14): the lock is acquired a second time only after a counting loop has run
// 1,000 times. Predicate refinement adds i == 0, i == 1, … one round at a time and runs out
// of its limits; the under-approximation search runs the loop concretely and finds it.
#include "../include/wdm_stub.h"

KSPIN_LOCK Lock;
int Packets[8];

void DispatchWrite(int n) {
    KIRQL irql;
    int i, sent = 0;
    KeAcquireSpinLock(&Lock, &irql);
    for (i = 0; i < 1000; i++) {
        Packets[i % 8] = i;
        sent++;
    }
    if (sent == 1000)
        KeAcquireSpinLock(&Lock, &irql); /* bug: already held */
    KeReleaseSpinLock(&Lock, irql);
}

int main(void) {
    DispatchWrite(0);
    return 0;
}
