// wrap: VIOLATION
// assume-none: VIOLATION
// error: VIOLATION
// Unsigned arithmetic wraps by definition and a conversion to a narrower signed type is
// implementation-defined (gcc: modulo), not undefined: the error is reachable in every mode.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = x + 1u;
  int z = (int)y;
  if (y == 0u && z == 0 && (int)(x - 1u) < 0)
    reach_error();
  return 0;
}
