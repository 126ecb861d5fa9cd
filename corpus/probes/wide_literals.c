// Wide string literals and character constants (session 48: L"ab"[0] was a wrong SAFE).
#include <wchar.h>
#include <uchar.h>
#include <assert.h>
int main(void) {
  const wchar_t *s = L"ab";
  assert(s[0] == L'a' && s[1] == 98 && s[2] == 0);
  assert(sizeof(L"ab") == 12 && sizeof(u"ab") == 6 && sizeof(U"ab") == 12);
  const char32_t *t = U"\x12345";
  assert(t[0] == U'\x12345' && t[1] == 0);
  const char16_t *u = u"😀x";
  assert(u[0] == 0xd83d && u[1] == 0xde00 && u[2] == u'x' && u[3] == 0);
  wchar_t buf[4] = L"xy";
  assert(buf[0] == 'x' && buf[2] == 0 && buf[3] == 0);
  assert(L'\xffffffff' == -1);
  assert(U'\xffffffff' > 0);
  assert(L"é"[0] == 0xe9);
  assert(sizeof(L'a') == 4 && sizeof(u'a') == 2);
  const wchar_t *cat = L"a" "b";
  assert(cat[1] == L'b' && cat[2] == 0);
  return 0;
}
