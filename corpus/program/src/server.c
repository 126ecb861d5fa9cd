/* Written for slam: a program with three roots — main, a worker thread started through a
 * helper, and a signal handler that returns early with the statistics locked (the bug). */
#include <pthread.h>
#include <signal.h>

void stats_lock(void);
void stats_unlock(void);
void count_hit(void);
extern long hits;

static int reloads;

static void *worker(void *arg) {
    count_hit();
    return arg;
}

static int spawn(void *(*start)(void *)) {
    pthread_t t;
    return pthread_create(&t, 0, start, 0);
}

static void on_hup(int sig) {
    stats_lock();
    if (hits > 100)
        return; /* the bug: the mutex stays locked */
    reloads++;
    stats_unlock();
}

int main(void) {
    signal(SIGHUP, on_hup);
    if (spawn(worker) != 0)
        return 1;
    count_hit();
    return 0;
}
