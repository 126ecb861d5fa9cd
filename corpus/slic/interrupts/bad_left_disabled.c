// rule: specs/interrupts.slic
// expect: VIOLATION
// input: 0 1 1 1
// message: An interrupt line disabled with disable_irq is still disabled when main returns.
// The error path returns with the line disabled.
#include "linux_stub.h"

int setup(unsigned int irq) {
    disable_irq(irq);
    if (nondet_int())
        return -EBUSY;
    enable_irq(irq);
    return 0;
}

int main(void) {
    setup(12);
    return 0;
}
