// expect: VIOLATION
// entry: save
// rule: specs/file.slic
// The same write to a FILE this function opened itself and did not check: fopen's NULL is
// the code's own, and the file rule reports it.
#include <stdio.h>
struct ctx { const char *path; int lines; };
int save(struct ctx *c) {
  FILE *f = fopen(c->path, "w");
  fprintf(f, "%d\n", c->lines);
  fclose(f);
  return 0;
}
