// rule: specs/refcount.slic
// expect: VIOLATION
// input: 0 0 0 0 1
// message: A reference taken with get_device is still held when main returns.
// The error path forgets put_device.
#include "linux_stub.h"

struct device d;

int attach(void) {
    get_device(&d);
    if (nondet_int())
        return -EBUSY;
    put_device(&d);
    return 0;
}

int main(void) {
    attach();
    return 0;
}
