// rule: specs/refcount.slic
// expect: VIOLATION
// input:
// message: The module is calling put_device without holding a reference (the count would drop below zero).
// The reference is dropped twice.
#include "linux_stub.h"

struct device d;

void release(struct device *x) {
    put_device(x);
}

int main(void) {
    get_device(&d);
    release(&d);
    put_device(&d);
    return 0;
}
