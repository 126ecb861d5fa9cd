// slam: unsupported
// expect: UNKNOWN
// C11 threads: outside what slam checks.
#include <threads.h>
extern void reach_error(void);
int flag;
int worker(void *arg) {
  flag = 1;
  return 0;
}
int main() {
  thrd_t t;
  thrd_create(&t, worker, 0);
  thrd_join(t, 0);
  if (flag) reach_error();
  return 0;
}
