// slam: lowers
// expect: SAFE
// strncmp equal on 4 characters: the input's third character is the literal's.
// gcc -O0: exits 0 on every input.
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[6];
  for (int i = 0; i < 5; i++) in[i] = __VERIFIER_nondet_char();
  in[5] = 0;
  if (strncmp(in, "GET ", 4) == 0 && in[2] != 'T') reach_error();
  return 0;
}
