// slam: lowers
// expect: SAFE
// time(&t) stores its result in t; clock_gettime and gettimeofday write their struct on
// success, the fractions in their documented ranges (cminus::outparams).
#include <sys/time.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t t = 0;
  struct timespec ts;
  struct timeval tv;
  time_t r = time(&t);
  if (r != t)
    reach_error();
  if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0 && (ts.tv_nsec < 0 || ts.tv_nsec > 999999999L))
    reach_error();
  if (gettimeofday(&tv, 0) == 0 && tv.tv_usec >= 1000000)
    reach_error();
  return 0;
}
