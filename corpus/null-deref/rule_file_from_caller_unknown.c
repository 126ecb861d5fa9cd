// expect: UNKNOWN
// entry: log_line
// rule: specs/file.slic
// reason: null_from_outside
// A rule's violation that needs a NULL from outside is judged as a NULL dereference is: the
// FILE comes from the caller's context object, and `fprintf` of a NULL FILE is an error of
// the file rule only when this code made the NULL. The caller opened `c->f` (memcached's
// restart.c writes through such a context): UNKNOWN, not a violation of `log_line`.
#include <stdio.h>
struct ctx { FILE *f; int lines; };
void log_line(struct ctx *c, const char *key) {
  fprintf(c->f, "K%s\n", key);
  c->lines++;
}
