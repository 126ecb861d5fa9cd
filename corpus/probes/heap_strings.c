// Facts about C as gcc compiles it, one per assert line: scripts/probe-asserts.
// The heap and string functions (session 48: most end UNKNOWN, time limits and library text slam does not compute).
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
struct N { int v; struct N *next; };
struct H { int len; char data[8]; };
int main(void) {
  struct N *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  if (!a || !b) return 0;
  a->v = 1; a->next = b; b->v = 2; b->next = 0;
  assert(a->next->v == 2 && a != b);
  struct N c = *a;
  assert(c.next == b && c.v == 1);
  memcpy(b, a, sizeof *a);
  assert(b->next == b && b->v == 1);
  int *ip = calloc(4, sizeof(int));
  if (!ip) return 0;
  assert(ip[3] == 0);
  ip = realloc(ip, 8 * sizeof(int));
  if (!ip) return 0;
  assert(ip[0] == 0);
  char buf[16];
  memset(buf, 'x', sizeof buf);
  strcpy(buf, "hi");
  assert(buf[2] == 0 && buf[3] == 'x' && strlen(buf) == 2);
  strcat(buf, "yo");
  assert(strlen(buf) == 4);
  memmove(buf + 1, buf, 4);
  assert(buf[1] == 'h' && buf[2] == 'i' && buf[3] == 'y');
  struct H h; h.len = 3; strncpy(h.data, "abcdefghij", sizeof h.data);
  assert(h.data[7] == 'h');
  uintptr_t ua = (uintptr_t)a;
  struct N *back = (struct N *)ua;
  assert(back->v == 1);
  void *vp = a;
  assert((char *)vp + sizeof(int) == (char *)&a->next || sizeof(void *) == 8);
  free(a); free(b); free(ip);
  return 0;
}
