// slam: unsupported
// expect: UNKNOWN
// A second thread sets the flag; checking main alone would wrongly say SAFE.
#include <pthread.h>
extern void reach_error(void);
int flag;
void *worker(void *arg) {
  flag = 1;
  return 0;
}
int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (flag) reach_error();
  return 0;
}
