// Facts about C as gcc compiles it (x86-64 and -m32), one per assert line: scripts/probe-asserts.
// Literals, layout, bitfields, GNU initialisers, conversions (written in session 48).
#include <assert.h>
#include <string.h>
struct __attribute__((packed)) P { char c; int i; };
struct A { char c; int i __attribute__((aligned(16))); };
enum E { NEG = -5, BIG = 0x7fffffff };
enum F { HUGE_E = 0xffffffffu };
struct BF { unsigned a : 3; signed b : 4; _Bool c : 1; unsigned long long d : 40; };
union U { float f; unsigned u; };
int main(void) {
  int arr[6] = { [0 ... 2] = 7, [4] = 9 };
  assert(arr[1] == 7 && arr[3] == 0 && arr[4] == 9);
  assert(sizeof(struct P) == 5);
  assert(sizeof(struct A) == 32);
  assert(NEG < 0 && sizeof(enum E) == 4);
  assert(sizeof(enum F) == 4 && HUGE_E > 0);
  struct BF bf = { 9, 9, 2, 0xffffffffffULL + 1 };
  assert(bf.a == 1 && bf.b == -7 && bf.c == 1 && bf.d == 0);
  assert(sizeof(struct BF) == 8);
  union U u; u.f = 1.0f;
  assert(u.u == 0x3f800000u);
  int x = 1;
  assert(x == 1);
  int k = 5, r = 0;
  switch (k) { case 1 ... 4: r = 1; break; case 5 ... 9: r = 2; break; }
  assert(r == 2);
  char s[] = "a\0b";
  assert(sizeof(s) == 4 && s[2] == 'b');

  struct { int a[3]; int b; } t;
  assert(__builtin_offsetof(__typeof__(t), b) == 12);
  assert((unsigned char)-1 == 255 && (signed char)200 == -56);
  assert((1u << 31) >> 31 == 1 && (-8) >> 1 == -4);
  assert(-7 / 2 == -3 && -7 % 2 == -1);
  _Static_assert(sizeof(long) >= 4, "long");
  unsigned short us = 65535; us++;
  assert(us == 0);
  assert((unsigned short)65535 + 1 == 65536);


  return 0;
}
