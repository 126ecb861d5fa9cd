// rule: specs/mutex.slic
// expect: VIOLATION
// input:
// message: The module is calling mutex_lock on a mutex it already holds (self-deadlock).
// A helper locks the mutex its caller already holds.
#include "linux_stub.h"

struct mutex m;
int v;

void helper(void) {
    mutex_lock(&m);
    v++;
    mutex_unlock(&m);
}

int main(void) {
    mutex_lock(&m);
    helper();
    mutex_unlock(&m);
    return 0;
}
