// Facts about C as gcc compiles it (x86-64 and -m32), one per assert line: scripts/probe-asserts.
// Byte memory: unions, memset/memcpy, punning, float bits (session 48).
#include <assert.h>
#include <stdint.h>
#include <string.h>
#include <float.h>
union V { uint64_t u; double d; uint8_t b[8]; struct { uint32_t lo, hi; } w; };
struct S { char c; short s; int i; long l; };
int main(void) {
  union V v; v.d = -0.0;
  assert(v.u == 0x8000000000000000ull);
  assert(v.b[7] == 0x80 && v.w.hi == 0x80000000u);
  v.u = 0x7ff0000000000000ull;
  assert(v.d > DBL_MAX);
  struct S s; memset(&s, 0xff, sizeof s);
  assert(s.c == -1 && s.s == -1 && s.i == -1 && s.l == -1);
  assert(sizeof(struct S) == sizeof(long) * 2 || sizeof(struct S) == 12);
  float f = 0.1f; double d = f;
  assert(d != 0.1);
  assert((double)0.1f == 0.10000000149011612);
  int32_t big = INT32_MAX;
  assert((int64_t)big + 1 == 2147483648ll);
  assert((uint32_t)-1 == 4294967295u);
  assert((int8_t)0x80 == -128);
  uint8_t bytes[4] = {1, 2, 3, 4};
  uint32_t w; memcpy(&w, bytes, 4);
  assert(w == 0x04030201u);
  assert(((uint32_t)1 << 31) == 0x80000000u);
  assert((-1) >> 31 == -1);
  assert(FLT_EPSILON == 0x1p-23f);
  assert(1.0f + FLT_EPSILON / 2 == 1.0f);
  assert((long long)9007199254740993.0 == 9007199254740992ll);
  assert(sizeof(void *) == sizeof(long));
  char *p = (char *)&w;
  assert(*p == 1);
  assert((uintptr_t)p % _Alignof(uint32_t) == 0);
  return 0;
}
