// rule: specs/refcount.slic
// expect: SAFE
// Two references on one device, one on another, all dropped in another order.
#include "linux_stub.h"

struct device a, b;

int main(void) {
    get_device(&a);
    get_device(&b);
    get_device(&a);
    put_device(&a);
    put_device(&b);
    put_device(&a);
    return 0;
}
