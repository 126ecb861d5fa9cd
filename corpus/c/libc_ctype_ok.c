// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/cbmc/01_cbmc_character_handling1,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). In the "C" locale
// ' ' is not alphanumeric and toupper('a') is 'A' (gcc -O0: the assertions hold). slam
// answered VIOLATION with "Inputs: isalnum() := -2147483648": the <ctype.h> functions, declared
// by the program as the test does, have no model (as for libc_strlen_literal_ok.c).
// Fixed in session 46: <ctype.h> in the "C" locale (cfront `lower/ctype.rs`).
#include <assert.h>
int isalnum(int c);
int toupper(int c);
int main(void) {
  assert(!isalnum(' '));
  assert(toupper('a') == 'A');
  return 0;
}
