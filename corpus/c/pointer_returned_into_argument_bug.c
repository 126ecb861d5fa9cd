// slam: lowers
// expect: VIOLATION
// random runs miss it: slam has no model of `strchr`; its result is an address the interpreter
// asks for, which a random value does not hit.
// `strchr` returns a pointer into its argument `h`: the write through `p` may change `h[0]`.
// The points-to analysis took the external's result as pointing nowhere, so `p`'s set was
// `{g}` alone and c2bp let the write miss `h` (a wrong SAFE before session 52).
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
char g[4], h[4];
int main(void) {
  char *p;
  h[0] = 'a';
  h[1] = 0;
  if (__VERIFIER_nondet_int())
    p = g;
  else
    p = strchr(h, 'a');
  if (!p)
    return 0;
  *p = 'b';
  if (h[0] == 'b')
    reach_error();
  return 0;
}
