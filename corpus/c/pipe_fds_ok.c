// slam: lowers
// expect: SAFE
// pipe and socketpair write two file descriptors on success (cminus::outparams): neither
// negative, different from each other; on failure (-1) the array is left as it was.
#include <sys/socket.h>
#include <unistd.h>
extern void reach_error(void);
int main(void) {
  int fds[2] = {-5, -5};
  int sv[2];
  if (pipe(fds) != 0) {
    if (fds[0] != -5 || fds[1] != -5)
      reach_error();
    return 1;
  }
  if (fds[0] < 0 || fds[1] < 0 || fds[0] == fds[1])
    reach_error();
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0 && sv[0] == sv[1])
    reach_error();
  return 0;
}
