// rule: specs/pthread_mutex.slic
// expect: VIOLATION
// input:
// message: The program is calling pthread_mutex_lock on a mutex it already holds (self-deadlock).
// A helper locks the mutex its caller already holds (a default mutex deadlocks).
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void bump(void) {
    pthread_mutex_lock(&lock);
    count++;
    pthread_mutex_unlock(&lock);
}

int main(void) {
    pthread_mutex_lock(&lock);
    bump();
    pthread_mutex_unlock(&lock);
    return 0;
}
