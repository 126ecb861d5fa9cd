// rule: specs/pthread_mutex.slic
// expect: SAFE
// The mutex is released only when trylock took it.
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int items;

int main(void) {
    if (pthread_mutex_trylock(&lock) == 0) {
        items++;
        pthread_mutex_unlock(&lock);
    }
    return 0;
}
