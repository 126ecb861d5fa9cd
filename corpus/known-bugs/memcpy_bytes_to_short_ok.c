// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/endianness_01,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). Two bytes copied
// into a short read back little-endian, 0x0201 (gcc -O0: the assertion holds). The
// under-approximation search answered VIOLATION ("Inputs: memcpy() := 0": memcpy treated as an
// external call whose write is unknown), and the portfolio took it; --engine cegar says
// UNKNOWN (no new predicates).
#include <assert.h>
#include <string.h>
int main(void) {
  char c[2] = { 0x1, 0x2 };
  short s;
  memcpy(&s, c, 2);
  assert(s == 0x0201);
  return 0;
}
