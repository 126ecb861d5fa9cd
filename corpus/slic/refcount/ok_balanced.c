// rule: specs/refcount.slic
// expect: SAFE
// Every reference taken is dropped, on both paths.
#include "linux_stub.h"

struct device dev0, dev1;

int probe(struct device *d) {
    get_device(d);
    if (nondet_int()) {
        put_device(d);
        return -ENOMEM;
    }
    put_device(d);
    return 0;
}

int main(void) {
    probe(&dev0);
    probe(&dev1);
    return 0;
}
