// rule: specs/mutex.slic
// expect: SAFE
// mutex_trylock's result decides whether the mutex is released.
#include "linux_stub.h"

struct mutex dev_lock;
int counter;

int try_update(void) {
    if (!mutex_trylock(&dev_lock))
        return -EBUSY;
    counter++;
    mutex_unlock(&dev_lock);
    return 0;
}

int main(void) {
    try_update();
    try_update();
    return 0;
}
