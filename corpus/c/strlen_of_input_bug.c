// slam: lowers
// expect: VIOLATION
// strlen of characters chosen by the input: the length is where the first NUL is, and a
// length of 5 needs five non-NUL characters and a NUL (the error is reachable; gcc's run
// with the trace's characters reaches it).
#include <assert.h>
#include <string.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char a[8];
  for (int i = 0; i < 7; i++)
    a[i] = __VERIFIER_nondet_char();
  a[7] = 0;
  unsigned long n = strlen(a);
  assert(n <= 7);
  assert(n != 5);
  return 0;
}
