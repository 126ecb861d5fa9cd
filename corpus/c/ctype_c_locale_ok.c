// slam: lowers
// expect: SAFE
// Every class of <ctype.h> and tolower/toupper for every character and EOF, as glibc's "C"
// locale has them (gcc -O0: the assertions hold); isalpha's result is glibc's class bit
// (1024), not 1. slam's model: cfront `lower/ctype.rs` (session 46).
#include <assert.h>
#include <ctype.h>
int main(void) {
  for (int c = -1; c < 256; c++) {
    int up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z', dg = c >= '0' && c <= '9';
    assert(!!isupper(c) == up && !!islower(c) == lo && !!isdigit(c) == dg);
    assert(!!isalpha(c) == (up || lo) && !!isalnum(c) == (up || lo || dg));
    assert(!!isxdigit(c) == (dg || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
    assert(!!isspace(c) == (c == ' ' || (c >= '\t' && c <= '\r')));
    assert(!!isprint(c) == (c >= 0x20 && c < 0x7f) && !!isgraph(c) == (c > 0x20 && c < 0x7f));
    assert(!!iscntrl(c) == ((c >= 0 && c < 0x20) || c == 0x7f) && !!isblank(c) == (c == ' ' || c == '\t'));
    assert(!!ispunct(c) == (isgraph(c) && !isalnum(c)));
    assert(tolower(c) == (up ? c + 32 : c) && toupper(c) == (lo ? c - 32 : c));
  }
  assert(isalpha('a') == 1024);
  return 0;
}
