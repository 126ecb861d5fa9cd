// expect: UNKNOWN
// reason: null_from_outside
// `nl_langinfo` returns a string of the C library's (never NULL: an item it does not know
// gives ""), and slam has no model of it: its result is any pointer. A dereference of it is
// no violation on its own (it would be a false alarm on every such call). Until session 46
// this was `isprint`, glibc's `(*__ctype_b_loc())[c] & _ISprint`, which is now modelled
// (ctype_class_macro_ok.c).
#include <langinfo.h>
int main(void) {
  return nl_langinfo(CODESET)[0] == 'U';
}
