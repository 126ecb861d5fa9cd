// expect: SAFE
// `isprint` is glibc's `(*__ctype_b_loc())[c] & _ISprint`: in the "C" locale slam models it
// as the range ' ' … '~' (cfront `lower/ctype.rs`), so no pointer is dereferenced at all.
#include <ctype.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int() & 127;
  return isprint(c) ? 1 : 0;
}
