// rule: specs/spinlock.slic
// expect: SAFE
// A recursive walk over a device tree: each level takes the tree lock to read its child
// count, releases it, and recurses. Recursion with a lock that is balanced per frame.
#include "../include/wdm_stub.h"

KSPIN_LOCK TreeLock;
int Visited;

int ChildCount(int node);

void Walk(int node, int depth) {
    KIRQL irql;
    int n, i;
    if (depth > 8)
        return;
    KeAcquireSpinLock(&TreeLock, &irql);
    n = ChildCount(node);
    Visited++;
    KeReleaseSpinLock(&TreeLock, irql);
    for (i = 0; i < n; i++)
        Walk(node * 4 + i, depth + 1);
}

int main(void) {
    Walk(nondet_int(), 0);
    return 0;
}
