// slam: lowers
// expect: SAFE
// Conversion to an integer truncates toward zero (cvttss2si); an unsigned long above 2^63
// converts to double correctly rounded; an input in (-1000, 1000) truncates into range.
void reach_error(void);
float __VERIFIER_nondet_float(void);
int main(void) {
  volatile float a = -2.7f;
  volatile double b = 2.9999, c = -0.5;
  if ((int)a != -2 || (unsigned char)b != 2 || (long)c != 0) reach_error();
  volatile unsigned long u = 0xffffffffffffffffUL;
  double d = u;
  if (d != 18446744073709551616.0) reach_error();
  float x = __VERIFIER_nondet_float();
  if (!(x > -1000.0f && x < 1000.0f)) return 0;
  int i = (int)x;
  if (i > 999 || i < -999) reach_error();
  return 0;
}
