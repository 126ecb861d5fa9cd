// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/aligned_attr_aligned_field,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). An object is
// aligned to its type's alignment (C11 6.2.8), and gcc converts a pointer to its address,
// so the integer of &x is a multiple of _Alignof(int) (gcc -O0: the assertion holds; the
// test does the same with a struct member declared __attribute__((aligned))). slam answered
// VIOLATION (every engine): in typed memory the integer of a named object's address is any
// value (docs/c2bp.md: "(long)&b % 4 may be anything"; an allocation's is a multiple of 16).
// Fixed in session 36: a variable's address converts to a multiple of its alignment (its
// type's, or the one declared with _Alignas / aligned(N)) in typed memory too.
#include <assert.h>
#include <stdint.h>
int main(void) {
  int x;
  assert((uintptr_t)&x % _Alignof(int) == 0);
  return 0;
}
