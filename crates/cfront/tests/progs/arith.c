int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  unsigned int u = (unsigned int)a;
  unsigned char c = (unsigned char)(a * 37);
  signed char sc = (signed char)(b * 91);
  int r = 0;
  if (b != 0) r += a / b + a % b;
  r += (a << 2) ^ (b >> 1);
  if (u > 5u) r += 3;          /* negative a: huge unsigned */
  if (a < (int)u) r += 100;
  r += c + sc;
  r += (a & 0xff) | (b & 0x0f);
  r -= ~a;
  r += -b;
  long l = (long)a * 1000000;
  if (l > 2000000000L) r += 7;
  short s = (short)(a * 5000);
  r += s % 17;
  if (-1 < 1u) r += 11; /* false: -1 converted to unsigned */
  if ((unsigned char)200 + (unsigned char)100 > 255) r += 13;
  return r & 0x7f;
}
