// expect: VIOLATION
// entry: add_completion
// message: null dereference: copy
// The entry copies the string its caller passes (`strlen`, then `memcpy` of that many bytes
// and the NUL) into a `malloc`ed buffer it never checks. The path reads the string's bytes
// past the first: the counterexample records the first elements of an object a pointer to a
// scalar points to (an array as often as not), so the replay reads the string the model
// chose. Before, only its first byte was recorded, the replay read the others as 0, `strlen`
// stopped early and the path ended UNKNOWN ("the logic and the interpreter disagree");
// linenoise's `linenoiseAddCompletion` with this mistake planted was missed. The message names
// `copy`, not the temporary `memcpy`'s lowering writes through (`__t3`, before session 52).
#include <stdlib.h>
#include <string.h>
struct completions { size_t len; char **cvec; };
void add_completion(struct completions *lc, const char *str) {
  size_t len = strlen(str);
  char *copy = malloc(len + 1);
  memcpy(copy, str, len + 1);
  char **cvec = realloc(lc->cvec, sizeof(char *) * (lc->len + 1));
  if (cvec == NULL) {
    free(copy);
    return;
  }
  lc->cvec = cvec;
  lc->cvec[lc->len++] = copy;
}
