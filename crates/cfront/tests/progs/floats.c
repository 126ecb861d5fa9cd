/* Floating point as gcc computes it on x86-64 (SSE): arithmetic, comparisons (NaN too),
   conversions in every direction, constants, params/returns/struct fields/arrays. */
struct pt { float x; double y; };
static double half(double d) { return d / 2; }
static float scale(float f, int k) { return f * k; }
static double g = 0.1;
static float tab[3] = { 1.5f, -2.25f, 1e10f };
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int() % 100000; /* (int)(y * 100) stays defined */
  double x = a;
  double y = b / 3.0;
  float f = (float)a / 7;
  int r = 0;
  if (x + y > 4.5) r += 1;
  if (y == (double)b / 3) r += 2;
  if (0.1 + 0.2 == 0.3) reach_error();      /* false in IEEE */
  if (0.1f + 0.2f == 0.3f) r += 4;          /* true in float */
  if (g * 10 != 1.0) r += 8;
  r += (int)(y * 100) % 37;                 /* truncation toward zero */
  r += (int)(-2.7);
  r += (unsigned char)(int)half(a * 1.5);
  struct pt p = { f, half(y) };
  if (p.x < p.y) r += 16;
  r += (int)scale(tab[0], b) % 11;
  r += (long)tab[2] % 1000;
  if (-x == 0.0 && a != 0) reach_error();
  float small = 1e-40f;                     /* a denormal */
  if (small > 0 && small * 1e30f < 1e-9f) r += 32;
  unsigned long big = 18446744073709551615UL;
  if ((double)big == 18446744073709551616.0) r += 64;
  double z = 0x1.8p1;                       /* 3.0 */
  z++;
  z -= 0.5;
  if (z == 3.5) r += 3;
  float fl = 16777217;                      /* rounds to 16777216 */
  if ((int)fl == 16777216) r += 5;
  double d1 = __VERIFIER_nondet_double();
  float f1 = __VERIFIER_nondet_float();
  if (d1 != d1) r += 7;                     /* NaN bit patterns */
  if (f1 == f1) r += 9;
  if (d1 < 1e-300 && d1 > -1e-300) r += 10;
  if (!f) r += 12;
  r += a > 0 ? (int)(a * 0.5) : b < 0 ? -b : 3;
  double cmp = a < b ? 1.25 : b;
  if (cmp > 1) r += 13;
  return r & 0x7f;
}
