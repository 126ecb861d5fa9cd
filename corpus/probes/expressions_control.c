// Facts about C as gcc compiles it (x86-64 and -m32), one per assert line: scripts/probe-asserts.
// Conversions in compound assignment, sizeof's unevaluated operand, short-circuits, control flow (session 48).
#include <assert.h>
#include <stdint.h>
#include <stddef.h>
struct P { int x, y; };
static int g_init = 3;
static int side;
static int bump(void) { return ++side; }
static int twice(int (*f)(void)) { return f() + f(); }
int main(void) {
  int x = 10;
  x += 1.5;
  assert(x == 11);
  x = 7; x *= 2.5;
  assert(x == 17);
  unsigned u = 3; u -= 5;
  assert(u == 4294967294u);
  char c = 127; c++;
  assert(c == -128);
  int s1 = sizeof(bump());
  assert(side == 0 && s1 == sizeof(int));
  int r = (0 && bump()) + (1 || bump());
  assert(r == 1 && side == 0);
  struct P a = {1, 2}, b; b = a; b.x = 5;
  assert(a.x == 1 && b.y == 2);
  assert(twice(bump) == 3 && side == 2);
  int arr[4] = {0};
  int *p = arr, *q = arr + 4;
  assert(q > p && q - p == 4 && (size_t)((char *)q - (char *)p) == 4 * sizeof(int));
  long l = -1; unsigned long ul = l;
  assert(ul == (unsigned long)-1 && ul > 0);
  assert((1 ? 1 : 2.0) == 1.0 && sizeof(1 ? 1 : 2.0) == sizeof(double));
  assert(sizeof(1 ? (char)1 : (char)2) == sizeof(int));
  int i, t = 0;
  for (i = 0; i < 10; i++) { if (i == 2) continue; if (i == 5) break; t += i; }
  assert(t == 0 + 1 + 3 + 4 && i == 5);
  int k = 0;
  switch (3) { case 1: k = 1; case 3: k += 3; case 4: k += 4; break; default: k = 99; }
  assert(k == 7);
  assert(g_init == 3);
  assert(-3 % 5 == -3 && 3 % -5 == 3);
  assert((unsigned)-3 / 2 == 2147483646u);
  assert((int)(unsigned char)(-1) == 255);
  assert((short)65537 == 1);
  assert(_Alignof(double) == 8 || _Alignof(double) == 4);
  assert(offsetof(struct P, y) == 4);
  int m = 5; int n = m++ + 1;
  assert(n == 6 && m == 6);
  int v = 1; v <<= 3; v |= 1; v ^= 3; v &= ~2;
  assert(v == 8);
  int64_t big = (int64_t)1 << 40;
  assert((int32_t)big == 0 && (big >> 38) == 4);
  assert(!!5 == 1 && !0 == 1);
  _Bool bb = 256; _Bool bc = 0.5;
  assert(bb == 1 && bc == 1);
  return 0;
}
