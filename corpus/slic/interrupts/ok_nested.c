// rule: specs/interrupts.slic
// expect: SAFE
// Nested disables of one line and a disable of another, each matched by an enable;
// the sleep happens with all lines enabled.
#include "linux_stub.h"

int main(void) {
    disable_irq(5);
    disable_irq_nosync(5);
    disable_irq(9);
    enable_irq(5);
    enable_irq(9);
    enable_irq(5);
    msleep(10);
    return 0;
}
