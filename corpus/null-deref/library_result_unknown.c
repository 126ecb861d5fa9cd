// expect: UNKNOWN
// reason: null_from_outside
// `isprint` is glibc's `(*__ctype_b_loc())[c] & _ISprint`: a function slam has no model of
// returns the table's address, and nothing documents a NULL from it. A dereference of its
// result is no violation on its own (it would be a false alarm on every `isprint`).
#include <ctype.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int() & 127;
  return isprint(c) ? 1 : 0;
}
