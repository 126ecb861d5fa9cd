/* gcc-side harness for the interpreter cross-check: inputs come from SLAM_INPUTS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int __h_pos;
static long __h_next(void) {
  const char *s = getenv("SLAM_INPUTS");
  int k = 0;
  if (!s) return 0;
  while (*s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (k == __h_pos) { __h_pos++; return v; }
    k++;
    s = end;
    if (*s == ',') s++;
  }
  __h_pos++;
  return 0;
}
int __VERIFIER_nondet_int(void) { return (int)__h_next(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned int)__h_next(); }
char __VERIFIER_nondet_char(void) { return (char)__h_next(); }
void __reach_error(int line) { printf("ERROR %d\n", line); fflush(stdout); exit(77); }
/* float and double inputs: the input's bits, as the interpreter reads a nondet value */
float __VERIFIER_nondet_float(void) { unsigned u = (unsigned)__h_next(); float f; memcpy(&f, &u, 4); return f; }
double __VERIFIER_nondet_double(void) { long l = __h_next(); double d; memcpy(&d, &l, 8); return d; }
