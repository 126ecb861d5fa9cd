// slam: lowers
// expect: VIOLATION
// fstat writes the whole `struct stat` on success (cminus::outparams): a file of more than
// 100 bytes on standard input takes the path to the error. Before issue 29 the write was
// unknown to the interpreter (UNKNOWN); now the trace's `st_size` is an input, fed to the
// compiled run through the harness's stand-in for fstat. Real: `./a.out < big-file`.
#include <sys/stat.h>
#include <unistd.h>
extern void reach_error(void);
static long input_size(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return -1;
  return st.st_size;
}
int main(void) {
  long n = input_size(0);
  if (n > 100)
    reach_error();
  return 0;
}
