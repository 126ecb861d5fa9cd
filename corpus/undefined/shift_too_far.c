// wrap: UNKNOWN
// assume-none: SAFE
// error: VIOLATION
// A shift by the width or more is undefined; x86 masks the count, slam's interpreter stops
// there (under wrap no concrete run slam models reaches the error).
// UBSan: shift exponent is too large.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  unsigned v = 1;
  if (s >= 32 && s < 40) {
    v = v >> s;
    if (v == 0)
      reach_error();
  }
  return 0;
}
