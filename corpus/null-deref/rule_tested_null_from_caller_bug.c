// expect: VIOLATION
// entry: push
// rule: specs/pthread_mutex.slic
// The NULL comes from the caller's object (a queue with jobs but no rear), but the code tests
// for it itself and handles it: that path is the code's own, and its mistake there — the
// early return keeps the queue's mutex — is reported (C-Thread-Pool's jobqueue_push with a
// planted bug). Only a NULL the code never tests excuses a violation (UNKNOWN
// null_from_outside: caller_object_null_unknown.c, rule_file_from_caller_unknown.c).
#include <pthread.h>
struct job { struct job *prev; int arg; };
struct queue { pthread_mutex_t m; struct job *front, *rear; int len; };
void push(struct queue *q, struct job *j) {
  pthread_mutex_lock(&q->m);
  j->prev = 0;
  if (q->len == 0) {
    q->front = j;
    q->rear = j;
  } else {
    if (q->rear == 0)
      return; /* a corrupted queue */
    q->rear->prev = j;
    q->rear = j;
  }
  q->len++;
  pthread_mutex_unlock(&q->m);
}
