// rule: specs/mutex.slic
// expect: VIOLATION
// input: 0 1 1 1
// message: A mutex is still held when main returns.
// The error path returns with the mutex held.
#include "linux_stub.h"

struct mutex m;
int v;

int work(void) {
    mutex_lock(&m);
    if (nondet_int())
        return -ENOMEM;
    v++;
    mutex_unlock(&m);
    return 0;
}

int main(void) {
    work();
    return 0;
}
