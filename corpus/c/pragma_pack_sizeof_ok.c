// slam: lowers
// expect: SAFE
// Reduced from ESBMC's regression test regression/esbmc/github_6949,
// github.com/esbmc/esbmc at a670194d (scripts/regression-suites, issue 28). Under
// `#pragma pack(1)` gcc lays the struct out without padding: 5 bytes (gcc -O0: the assertion
// holds). slam ignores the pragma (8 bytes) and answered VIOLATION.
#include <assert.h>
#pragma pack(push, 1)
struct s { char a; unsigned b; };
#pragma pack(pop)
int main(void) {
  assert(sizeof(struct s) == 5);
  return 0;
}
