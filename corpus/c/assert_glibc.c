// slam: lowers
// expect: VIOLATION
#include <assert.h>
int buffer[4];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 4) {
    assert(i < 4);
    buffer[i] = 1;
  }
  return 0;
}
