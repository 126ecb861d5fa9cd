// wrap: VIOLATION
// assume-none: SAFE
// error: VIOLATION
// A left shift whose result an int cannot hold (`1 << 31`) is signed overflow (C11 6.5.7p4).
// UBSan: left shift of 1 by 31 places cannot be represented in type 'int'.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  if (s > 0 && s < 32) {
    int y = 1 << s;
    if (y < 0)
      reach_error();
  }
  return 0;
}
