// slam: lowers
// expect: VIOLATION
// L"ab"[0] is L'a': the assertion fails (gcc -O0: aborts). Before session 48 slam read the
// first four bytes of the narrow string "ab" as the element and answered SAFE.
#include <wchar.h>
#include <assert.h>
int main(void) {
  const wchar_t *s = L"ab";
  assert(s[0] != L'a');
  return 0;
}
