/* The mutex a rule tracks, where it is: the object a pointer parameter points to, a member
 * after the first of a global struct or of the struct a parameter points to, an element of an
 * array inside it (issue 29, recall: docs/ci.md "A mutex behind a pointer"). The replay that
 * confirms a violation maps the model's tracked object to an object and a byte offset in it.
 * expected.txt has the verdict of every (entry, rule). */
#include <pthread.h>
#include <stdlib.h>

struct P {
    int n;
    pthread_mutex_t m;
} P;

struct Q {
    int n;
    pthread_mutex_t m;
};

struct R {
    long id;
    struct Q q[3];
    pthread_mutex_t last;
};

/* the mutex an argument points to: unlocked twice */
void arg_unlock_twice(pthread_mutex_t *m) {
    pthread_mutex_lock(m);
    pthread_mutex_unlock(m);
    pthread_mutex_unlock(m);
}

/* a global struct's second member: unlocked twice */
void global_member_unlock_twice(void) {
    pthread_mutex_lock(&P.m);
    pthread_mutex_unlock(&P.m);
    pthread_mutex_unlock(&P.m);
}

/* the second member of the struct an argument points to: unlocked twice */
void arg_member_unlock_twice(struct Q *q) {
    pthread_mutex_lock(&q->m);
    pthread_mutex_unlock(&q->m);
    pthread_mutex_unlock(&q->m);
}

/* an element of an array in the struct an argument points to: locked twice */
void arg_array_member_lock_twice(struct R *r, int i) {
    if (i < 0 || i > 2)
        return;
    pthread_mutex_lock(&r->q[i].m);
    r->q[i].n++;
    pthread_mutex_lock(&r->q[i].m);
}

/* the last member, after the array, held at the return on one path */
int arg_last_member_held(struct R *r, int id) {
    pthread_mutex_lock(&r->last);
    if (id == 42)
        return -1;
    pthread_mutex_unlock(&r->last);
    return 0;
}

/* the last member held at the return when the struct's own field says so: the compiled run
 * gets the field's value in the object its argument points to */
int arg_field_decides_held(struct R *r) {
    pthread_mutex_lock(&r->last);
    if (r->q[2].n == 7 && r->id == -3)
        return -1;
    pthread_mutex_unlock(&r->last);
    return 0;
}

/* a local struct's second member: unlocked twice */
void local_member_unlock_twice(void) {
    struct Q q;
    pthread_mutex_init(&q.m, NULL);
    pthread_mutex_lock(&q.m);
    pthread_mutex_unlock(&q.m);
    pthread_mutex_unlock(&q.m);
}

/* an allocated struct's second member: unlocked twice */
void alloc_member_unlock_twice(void) {
    struct Q *q = malloc(sizeof *q);
    if (!q)
        return;
    pthread_mutex_init(&q->m, NULL);
    pthread_mutex_lock(&q->m);
    pthread_mutex_unlock(&q->m);
    pthread_mutex_unlock(&q->m);
    free(q);
}

/* two mutexes, each locked and unlocked once, in nested order: no violation */
void arg_and_global_balanced(struct Q *q) {
    pthread_mutex_lock(&q->m);
    pthread_mutex_lock(&P.m);
    pthread_mutex_unlock(&P.m);
    pthread_mutex_unlock(&q->m);
}

/* two mutexes of the struct an argument points to: no violation */
void two_in_arg_balanced(struct R *r) {
    pthread_mutex_lock(&r->q[1].m);
    pthread_mutex_lock(&r->last);
    r->id++;
    pthread_mutex_unlock(&r->last);
    pthread_mutex_unlock(&r->q[1].m);
}

/* the struct an argument points to: balanced on every path */
int arg_member_balanced(struct R *r) {
    pthread_mutex_lock(&r->last);
    if (r->id == 42) {
        pthread_mutex_unlock(&r->last);
        return -1;
    }
    r->id++;
    pthread_mutex_unlock(&r->last);
    return 0;
}

/* Objects the caller built behind the argument's pointers (issue 29's thpool/05): a pointer
 * read from the argument's struct is, in a counterexample, NULL or an object of its own, which
 * slam's replay and the compiled run's harness both build (newton's outside objects). */
struct Sem {
    pthread_mutex_t mutex;
    int v;
};

struct Queue {
    pthread_mutex_t rw;
    struct Sem *has_jobs;
    int len;
};

struct Node {
    struct Node *next;
    struct Sem *sem;
};

/* posts the semaphore, but returns with its mutex held when it was posted already */
static void sem_post_early_return(struct Sem *b) {
    pthread_mutex_lock(&b->mutex);
    if (b->v == 1)
        return;
    b->v = 1;
    pthread_mutex_unlock(&b->mutex);
}

/* the mutex of the semaphore the argument's queue points to: held at the return when the
 * semaphore was posted already */
void pointed_member_held(struct Queue *q) {
    pthread_mutex_lock(&q->rw);
    q->len = 0;
    pthread_mutex_unlock(&q->rw);
    sem_post_early_return(q->has_jobs);
}

/* the same semaphore, locked and unlocked (a write to the semaphore's `v` between them stays
 * UNKNOWN: `v` may be the queue's own `has_jobs` for all slam knows of the caller) */
void pointed_member_balanced(struct Queue *q) {
    pthread_mutex_lock(&q->has_jobs->mutex);
    q->len = q->len + 1;
    pthread_mutex_unlock(&q->has_jobs->mutex);
}

/* the semaphore of the argument's next node: unlocked twice */
void second_node_unlock_twice(struct Node *n) {
    if (n->next == NULL)
        return;
    pthread_mutex_lock(&n->next->sem->mutex);
    pthread_mutex_unlock(&n->next->sem->mutex);
    pthread_mutex_unlock(&n->next->sem->mutex);
}
