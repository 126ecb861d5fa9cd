// rule: specs/pthread_mutex.slic
// expect: SAFE
// Every path that locks unlocks before returning, the error path too.
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int items;

static int add(int n) {
    pthread_mutex_lock(&lock);
    if (n < 0) {
        pthread_mutex_unlock(&lock);
        return -1;
    }
    items += n;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    add(__VERIFIER_nondet_int());
    add(__VERIFIER_nondet_int());
    return 0;
}
