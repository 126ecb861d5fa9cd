// rule: specs/mutex.slic
// expect: SAFE
// Two mutexes taken in order and released in reverse; mutex_lock_interruptible's failure
// path does not unlock.
#include "linux_stub.h"

struct mutex a_lock, b_lock;
int shared;

int update(void) {
    if (mutex_lock_interruptible(&a_lock))
        return -EINTR;
    mutex_lock(&b_lock);
    shared++;
    mutex_unlock(&b_lock);
    mutex_unlock(&a_lock);
    return 0;
}

int main(void) {
    update();
    mutex_lock(&b_lock);
    mutex_unlock(&b_lock);
    return 0;
}
