// expect: VIOLATION
// A whole program: `main` uses `config` before it calls the function that sets it. From
// `main` the initial values are the program's own, so the NULL is a real bug.
#include <stdlib.h>
static int *config = NULL;
static int storage = 3;
void setup(void) { config = &storage; }
int main(void) {
  int v = *config;
  setup();
  return v;
}
