/* net.c — a network driver with a test harness main: only main is an entry.
 * Expected: SAFE for both rules (NET_RETRIES comes from -D in compile_commands.json). */
#include "kernel.h"

KSPIN_LOCK tx_lock;
int sent;

int net_send(int len) {
    KIRQL irql;
    int tries;
    if (len <= 0)
        return -1;
    for (tries = 0; tries < NET_RETRIES; tries++) {
        KeAcquireSpinLock(&tx_lock, &irql);
        sent = sent + 1;
        KeReleaseSpinLock(&tx_lock, irql);
    }
    return 0;
}

int main(void) {
    int len = __VERIFIER_nondet_int();
    net_send(len);
    if (sent < 0)
        reach_error();
    return 0;
}
