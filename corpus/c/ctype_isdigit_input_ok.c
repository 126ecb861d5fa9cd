// slam: lowers
// expect: SAFE
// glibc's isdigit macro, (*__ctype_b_loc())[(int) c] & _ISdigit, is the range '0' … '9' in
// the "C" locale: a proof needs only predicates on c (cfront `lower/ctype.rs`).
#include <ctype.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (isdigit(c) && (c < '0' || c > '9'))
    reach_error();
  return 0;
}
