// rule: specs/spinlock.slic
// expect: SAFE
// The correct twin of lock_after_1000_iterations.c: the lock is released before the second
// acquisition, and released again after it.
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
    KeReleaseSpinLock(&Lock, irql);
    if (sent == 1000) {
        KeAcquireSpinLock(&Lock, &irql);
        KeReleaseSpinLock(&Lock, irql);
    }
}

int main(void) {
    DispatchWrite(0);
    return 0;
}
