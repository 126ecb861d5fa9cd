// rule: specs/interrupts.slic
// expect: SAFE
// The enable is under the same condition as the disable.
#include "linux_stub.h"

unsigned int irq_line = 7;

void reset_hw(int quiet) {
    if (quiet)
        disable_irq(irq_line);
    if (quiet)
        enable_irq(irq_line);
}

int main(void) {
    reset_hw(nondet_int());
    msleep(1);
    return 0;
}
