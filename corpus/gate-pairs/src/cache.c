/* Written for slam: a cache behind striped locks whose lock protocol is split over API
 * functions (as memcached's item_lock/item_unlock, item_trylock, pause_threads), next to
 * the mistakes such code makes. Checked unit by unit with specs/pthread_mutex.slic; the
 * verdicts are in ../expected.txt. */
#include <pthread.h>
#include <stddef.h>

#define STRIPES 8
static pthread_mutex_t locks[STRIPES];
static pthread_mutex_t maint_lock = PTHREAD_MUTEX_INITIALIZER;
static int counts[STRIPES];

/* acquire wrapper: returns holding the stripe's lock (SAFE: a lock wrapper) */
void cache_lock(unsigned h) {
    pthread_mutex_lock(&locks[h % STRIPES]);
}

/* release wrapper: releases the stripe's lock its caller holds (SAFE: a lock wrapper) */
void cache_unlock(unsigned h) {
    pthread_mutex_unlock(&locks[h % STRIPES]);
}

/* conditional acquire: holds the lock exactly when it returns it (SAFE: a lock wrapper) */
pthread_mutex_t *cache_trylock(unsigned h) {
    pthread_mutex_t *l = &locks[h % STRIPES];
    if (pthread_mutex_trylock(l) == 0)
        return l;
    return NULL;
}

/* an acquire wrapper built on another: returns the count with the lock held (SAFE) */
int cache_get_locked(unsigned h) {
    cache_lock(h);
    return counts[h % STRIPES];
}

/* pause or resume the maintainer, as the argument says (SAFE: a lock wrapper) */
void maint_pause(int resume) {
    if (resume)
        pthread_mutex_unlock(&maint_lock);
    else
        pthread_mutex_lock(&maint_lock);
}

/* a caller of the wrappers that pairs them (SAFE: balanced) */
int cache_bump(unsigned h) {
    int n;
    cache_lock(h);
    n = ++counts[h % STRIPES];
    cache_unlock(h);
    return n;
}

/* the classic missing unlock on an error path (VIOLATION: held on one return path,
 * released on the other) */
int cache_put(unsigned h, int v) {
    cache_lock(h);
    if (v < 0)
        return -1;
    counts[h % STRIPES] = v;
    cache_unlock(h);
    return 0;
}

/* a second lock through the wrapper (VIOLATION: self-deadlock) */
int cache_relock(unsigned h) {
    int n;
    cache_lock(h);
    n = counts[h % STRIPES];
    cache_lock(h);
    cache_unlock(h);
    return n;
}

/* an inconsistent wrapper: it returns holding the lock only on the slow path (VIOLATION) */
int maint_enter(int fast) {
    pthread_mutex_lock(&maint_lock);
    if (fast) {
        pthread_mutex_unlock(&maint_lock);
        return 0;
    }
    return 1;
}

/* a release wrapper that releases twice (VIOLATION: an unlock after it released the lock) */
void maint_leave(void) {
    pthread_mutex_unlock(&maint_lock);
    pthread_mutex_unlock(&maint_lock);
}

/* an acquire wrapper of the stripe that also keeps the maintainer's lock on one path only
 * (VIOLATION: taken for the caller on every path would be a wrapper; here the other path
 * takes and releases it — the paths disagree, whatever else the function holds) */
int cache_lock_maint(unsigned h, int keep) {
    cache_lock(h);
    pthread_mutex_lock(&maint_lock);
    if (keep)
        return 1;
    pthread_mutex_unlock(&maint_lock);
    return 0;
}

static pthread_mutex_t hang_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int init_count;

/* pause or resume the workers, as memcached's pause_threads: the pause path takes hang_lock
 * for its caller and takes and releases the helper init_lock around its own work (SAFE: a
 * lock wrapper whose helper is released on every path that takes it) */
void workers_pause(int resume) {
    if (resume) {
        pthread_mutex_unlock(&hang_lock);
        return;
    }
    pthread_mutex_lock(&hang_lock);
    pthread_mutex_lock(&init_lock);
    init_count = 0;
    pthread_mutex_unlock(&init_lock);
}

/* as workers_pause, but a fast pause returns still holding the helper (VIOLATION: init_lock
 * is released on one pause path and kept on the other) */
void workers_pause_fast(int resume, int fast) {
    if (resume) {
        pthread_mutex_unlock(&hang_lock);
        return;
    }
    pthread_mutex_lock(&hang_lock);
    pthread_mutex_lock(&init_lock);
    if (fast)
        return;
    init_count = 0;
    pthread_mutex_unlock(&init_lock);
}
