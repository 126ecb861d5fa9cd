// rule: specs/irql.slic
// expect: VIOLATION
// input: 1
// message: The driver is calling KeLowerIrql without a matching KeRaiseIrql.
// The raise is conditional, the lower is not.
#include "wdm_stub.h"

void Touch(int raise) {
    KIRQL old = PASSIVE_LEVEL;
    if (!raise)
        KeRaiseIrql(DISPATCH_LEVEL, &old);
    KeLowerIrql(old);
}

int main(void) {
    Touch(nondet_int());
    return 0;
}
