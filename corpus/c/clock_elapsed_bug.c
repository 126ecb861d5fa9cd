// slam: lowers
// expect: VIOLATION
// random runs miss it: two clock readings a second apart, with a given fraction
// Two readings of the clock are inputs (cminus::outparams): a path where the second is
// more than a second after the first is an ordinary path, confirmed by the compiled run
// fed the same readings. Real: any run that takes more than a second between the calls.
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct timespec a, b;
  if (clock_gettime(CLOCK_MONOTONIC, &a) != 0 || clock_gettime(CLOCK_MONOTONIC, &b) != 0)
    return 1;
  long ms = (long)(b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
  if (a.tv_sec == 1 && b.tv_sec == 2 && ms > 1000)
    reach_error();
  return 0;
}
