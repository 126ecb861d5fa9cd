// expect: UNKNOWN
// entry: feed
// reason: null_from_outside
// A library keeps its state in globals that one API function sets up (`history_add` makes
// `history`) and others use (`feed`, called by a client after it, as linenoise's
// `linenoiseEditFeed` after `linenoiseEditStart`). Checked as an entry of its own, `feed` runs
// from the initial globals, where `history` is still NULL: the dereference there needs that
// NULL, which a client that set the library up first never hands over. Not a violation of
// `feed` on its own: UNKNOWN, naming the global and the function that sets it. The same for a
// callback the library calls through a pointer another function registers.
#include <stdlib.h>
typedef void callback_t(const char *line);
static callback_t *on_line = NULL;
static char **history = NULL;
static int history_len = 0;
void set_callback(callback_t *f) { on_line = f; }
int history_add(char *line) {
  char **h = realloc(history, sizeof(char *) * (history_len + 1));
  if (h == NULL) return 0;
  history = h;
  history[history_len++] = line;
  return 1;
}
int feed(int c) {
  if (c == '\t') on_line(history[0]);
  if (c == '\n') return history[0][0];
  return 0;
}
