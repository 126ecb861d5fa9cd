// slam: lowers
// expect: SAFE
// The sockets API as memcached sets up a connection: (struct sockaddr *)&sin passed to
// bind/accept/getpeername, whose glibc prototypes take a transparent union
// (__SOCKADDR_ARG) under GNU C: the pointer is passed as the pointer (it was rejected with
// "cannot convert struct sockaddr * to struct __anon18").
#include <sys/socket.h>
#include <netinet/in.h>
#include <string.h>
#include <unistd.h>
void reach_error(void);
struct conn { int sfd; struct sockaddr_in6 request_addr; socklen_t request_addr_size; };
int main(void) {
  struct sockaddr_in sin;
  struct sockaddr_storage ss;
  struct conn c;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 1;
  memset(&sin, 0, sizeof sin);
  sin.sin_family = AF_INET;
  sin.sin_port = htons(11211);
  if (bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0) return 1;
  socklen_t len = sizeof ss;
  int cfd = accept(fd, (struct sockaddr *)&ss, &len);
  c.sfd = cfd;
  c.request_addr_size = sizeof(c.request_addr);
  if (getpeername(cfd, (struct sockaddr *) &c.request_addr, &c.request_addr_size) != 0) return 1;
  if (ss.ss_family == AF_INET6) { struct sockaddr_in6 *p6 = (struct sockaddr_in6 *)&ss; if (p6->sin6_port == 0) return 2; }
  if (c.sfd != cfd) reach_error();
  close(fd);
  return 0;
}
