// rule: specs/interrupts.slic
// expect: VIOLATION
// input: 1
// message: Unbalanced enable for IRQ: the module is calling enable_irq without a matching disable_irq.
// Line 3 is enabled twice after a single disable (line 4 is fine).
#include "linux_stub.h"

int main(void) {
    disable_irq(4);
    disable_irq(3);
    enable_irq(3);
    enable_irq(4);
    enable_irq(3);
    return 0;
}
