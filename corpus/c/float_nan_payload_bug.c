// slam: lowers
// expect: VIOLATION
// The bits of a NaN as the SSE unit makes them: an invalid operation gives the default NaN
// 0xffc00000 (negative, quiet); a NaN operand is passed on quiet. Both read through memcpy.
#include <string.h>
void reach_error(void);
int main(void) {
  volatile float zero = 0.0f;
  float n = zero / zero;
  unsigned u;
  memcpy(&u, &n, 4);
  unsigned s = 0x7f800001u;   /* a signalling NaN */
  float sn;
  memcpy(&sn, &s, 4);
  float r = sn + 1.0f;
  unsigned v;
  memcpy(&v, &r, 4);
  if (u == 0xffc00000u && v == 0x7fc00001u) reach_error();
  return 0;
}
