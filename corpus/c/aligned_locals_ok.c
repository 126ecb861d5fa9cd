// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_6950,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). An object declared
// _Alignas(16) or __attribute__((aligned(32))) sits at a multiple of that alignment, local or
// global (C11 6.7.5; gcc -O0: the assertions hold). slam answered VIOLATION: it ignored an
// object's declared alignment (the test's member of a packed struct, &p.b, is still UNKNOWN).
#include <assert.h>
#include <stdint.h>
struct N {
  char a;
  uint32_t b;
};
_Alignas(16) struct N g;
int main(void) {
  _Alignas(16) struct N s;
  __attribute__((aligned(32))) struct N t;
  _Alignas(uint32_t) char c;
  assert((uintptr_t)&s % 16 == 0);
  assert((uintptr_t)&g % 16 == 0);
  assert((uintptr_t)&t % 32 == 0);
  assert((uintptr_t)&c % 4 == 0);
  return 0;
}
