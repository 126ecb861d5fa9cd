// rule: specs/interrupts.slic
// expect: VIOLATION
// input:
// message: The module is calling msleep while an interrupt line it disabled is still off.
// The module sleeps between disable and enable.
#include "linux_stub.h"

int main(void) {
    disable_irq(11);
    msleep(100);
    enable_irq(11);
    return 0;
}
