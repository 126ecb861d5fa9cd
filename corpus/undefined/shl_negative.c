// wrap: VIOLATION
// assume-none: SAFE
// error: VIOLATION
// A left shift of a negative value is undefined (C11 6.5.7p4); gcc -O0 shifts the bits.
// UBSan: left shift of negative value.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) {
    int y = x << 1;
    if (y >= 0)
      reach_error();
  }
  return 0;
}
