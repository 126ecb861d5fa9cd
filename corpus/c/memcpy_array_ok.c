// slam: lowers
// expect: SAFE
// memcpy copies every element; memmove copes with overlapping arrays.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int src[3], dst[3];
int main() {
  int x = __VERIFIER_nondet_int();
  src[0] = x;
  src[1] = x + 1;
  src[2] = 7;
  memcpy(dst, src, sizeof src);
  if (dst[0] != x || dst[2] != 7) reach_error();
  memmove(src + 1, src, 2 * sizeof(int));
  if (src[1] != x || src[2] != x + 1) reach_error();
  return 0;
}
