// slam: lowers
// expect: VIOLATION
// long double (the x87 80-bit format) is lowered, not rejected; no stage computes with it,
// so a bug on a path that does not compute with it is found and replays (a path through
// `ld / 3` stops the interpreter: UNKNOWN).
void reach_error(void);
int __VERIFIER_nondet_int(void);
static long double ld = 1.0L;
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) ld = ld / 3;
  if (x == -1) reach_error();   // a path that never computes with ld
  return 0;
}
