// slam: lowers
// expect: UNKNOWN
// unknown at check: the error needs strtol's end pointer past the digits, an offset slam does not bound
// strtol's end pointer points into the string at an offset slam does not bound by the
// string's length (cminus::outparams, `EndPointer`): unknown to the proofs, the start of the
// string for the interpreter. The error is real (the end points at 'x'), but no replay can
// show it: UNKNOWN naming the call, never SAFE.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  const char *s = "12x";
  char *end;
  long v = strtol(s, &end, 10);
  if (v == 12 && *end == 'x')
    reach_error();
  return 0;
}
