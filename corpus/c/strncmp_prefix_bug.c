// slam: lowers
// expect: VIOLATION
// strncmp of an input against a literal prefix: a request line "GET /" reaches the error.
// gcc -O0 fed "GET /": aborts.
// random runs miss it: five particular input characters.
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[6];
  for (int i = 0; i < 5; i++) in[i] = __VERIFIER_nondet_char();
  in[5] = 0;
  if (strncmp(in, "GET ", 4) == 0 && in[4] == '/') reach_error();
  return 0;
}
