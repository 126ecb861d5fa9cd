// rule: specs/pthread_mutex.slic
// expect: VIOLATION
// input:
// message: The program is calling pthread_mutex_unlock on a mutex it does not hold.
// A cleanup helper unlocks a mutex its caller already released.
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int items;

static void cleanup(void) {
    pthread_mutex_unlock(&lock);
}

int main(void) {
    pthread_mutex_lock(&lock);
    items++;
    pthread_mutex_unlock(&lock);
    cleanup();
    return 0;
}
