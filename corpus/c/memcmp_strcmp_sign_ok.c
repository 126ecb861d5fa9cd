// slam: lowers
// expect: SAFE
// memcmp, strcmp and strncmp: the sign of the first difference of the bytes read as
// unsigned char, 0 when there is none (C17 7.24.4; session 48 model, before: any value,
// so every check of a result ended UNKNOWN "not confirmed"). gcc -O0: exits 0.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char a[4] = "abc", b[4] = "abd";
  if (memcmp(a, b, 2) != 0) reach_error();
  if (memcmp(a, b, 3) >= 0) reach_error();
  if (strcmp(a, b) >= 0) reach_error();
  if (strcmp(b, a) <= 0) reach_error();
  if (strncmp(a, b, 2) != 0) reach_error();
  if (strcmp("hello", "hello") != 0) reach_error();
  unsigned char c[2] = {200, 0}, d[2] = {100, 0};
  if (memcmp(c, d, 1) <= 0) reach_error();
  char s[2] = {(char)200, 0}, t[2] = {100, 0};
  if (strcmp(s, t) <= 0) reach_error();
  return 0;
}
