/* memset, memcpy, memmove, bzero on whole objects and arrays of them. */
#include <string.h>
#include <strings.h>
unsigned h;
static void mix(long v) { h = h * 31u + (unsigned)v; }
struct in { short s; unsigned char c[3]; };
struct rec { int a; long b; struct in n; int *p; unsigned char tag; };
struct rec g1, g2;
int arr[6];
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  struct rec r;
  r.a = a; r.b = b; r.n.s = (short)a; r.n.c[0] = 1; r.n.c[1] = 2; r.n.c[2] = (unsigned char)b; r.p = &a; r.tag = 9;
  g1 = r;
  memset(&r, 0, sizeof r);
  mix(r.a); mix(r.b); mix(r.n.s); mix(r.n.c[2]); mix(r.p == 0); mix(r.tag);
  memcpy(&g2, &g1, sizeof g1);
  mix(g2.a); mix(g2.b); mix(g2.n.c[2]); mix(*g2.p);
  for (int i = 0; i < 6; i++) arr[i] = a + i * b;
  memset(arr, 0xab, 2 * sizeof(int));
  mix(arr[0]); mix(arr[1]); mix(arr[2]);
  memmove(arr + 1, arr, 4 * sizeof(int));
  for (int i = 0; i < 6; i++) mix(arr[i]);
  memmove(arr, arr + 2, 3 * sizeof arr[0]);
  for (int i = 0; i < 6; i++) mix(arr[i]);
  unsigned char buf[8];
  memset(buf, b, sizeof buf);
  mix(buf[0]); mix(buf[7]);
  short sh[3];
  memset(sh, -1, sizeof sh);
  mix(sh[1]);
  bzero(&g1.n, sizeof g1.n);
  mix(g1.n.s); mix(g1.n.c[1]); mix(g1.a);
  void *q = memcpy(&g2.n, &r.n, sizeof(struct in));
  mix(q == &g2.n); mix(g2.n.c[0]);
  long l = a;
  memset((char *)&l, 0x01, sizeof l);
  mix(l >> 32); mix(l & 0xffff);
  return h & 0x7f;
}
