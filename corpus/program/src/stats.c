/* Written for slam: statistics behind one mutex, locked and unlocked by two API functions
 * that callers use in pairs (as memcached's STATS_LOCK/STATS_UNLOCK). Checked unit by unit,
 * each function alone breaks the rule; in the whole program, every caller pairs them. */
#include <pthread.h>

static pthread_mutex_t stats_mutex = PTHREAD_MUTEX_INITIALIZER;
long hits;

void stats_lock(void) {
    pthread_mutex_lock(&stats_mutex);
}

void stats_unlock(void) {
    pthread_mutex_unlock(&stats_mutex);
}

void count_hit(void) {
    stats_lock();
    hits++;
    stats_unlock();
}
