// rule: specs/mutex.slic
// expect: VIOLATION
// input: 0
// message: The module is calling mutex_unlock on a mutex it does not hold.
// The result of mutex_trylock is ignored: the mutex is released even when it was not taken.
#include "linux_stub.h"

struct mutex m;
int v;

int main(void) {
    mutex_trylock(&m);
    v++;
    mutex_unlock(&m);
    return 0;
}
