/* Written for slam: a tiny job log behind one lock, the clean side of the planted bugs in
 * bugs/ (each a mistake on an error path; scripts/gate-recall and crates/slam/tests/gate.rs
 * run the gate on each). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job {
    int id;
    char name[16];
};

static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static int jobs_count;
static pthread_t worker;

static void *work(void *arg) {
    (void)arg;
    pthread_mutex_lock(&jobs_lock);
    jobs_count = 0;
    pthread_mutex_unlock(&jobs_lock);
    return NULL;
}

/* starts the worker; its scratch job is freed on every path */
int jobs_start(int id) {
    struct job *scratch = malloc(sizeof *scratch);
    if (scratch == NULL)
        return -1;
    memset(scratch, 0, sizeof *scratch);
    scratch->id = id;
    if (pthread_create(&worker, NULL, work, scratch) != 0) {
        free(scratch);
        return -1;
    }
    free(scratch);
    return 0;
}

/* adds a job unless the log is full */
int jobs_add(int limit) {
    pthread_mutex_lock(&jobs_lock);
    if (jobs_count >= limit) {
        pthread_mutex_unlock(&jobs_lock);
        return -1;
    }
    jobs_count++;
    pthread_mutex_unlock(&jobs_lock);
    return 0;
}

/* writes the count to a file */
int jobs_save(const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    pthread_mutex_lock(&jobs_lock);
    int n = jobs_count;
    pthread_mutex_unlock(&jobs_lock);
    if (fprintf(f, "%d\n", n) < 0) {
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}

/* a copy of a job's name, or NULL */
char *jobs_name(const struct job *j) {
    char *copy = malloc(sizeof j->name);
    if (copy == NULL)
        return NULL;
    memcpy(copy, j->name, sizeof j->name);
    if (copy[0] == '\0') {
        free(copy);
        return NULL;
    }
    return copy;
}
