// slam: lowers
// expect: SAFE
// Round to nearest, ties to even, in each format (gcc -O0 x86-64, SSE): 0.1 + 0.2 is not 0.3
// in double, 2^24 + 1 is not a float, 2^53 + 1 converted to double is 2^53, a float sum is
// rounded to float before it is compared with a double.
void reach_error(void);
int main(void) {
  volatile double a = 0.1, b = 0.2;
  if (a + b == 0.3) reach_error();
  volatile int big = 16777217;
  float f = big;
  if (f != 16777216.0f) reach_error();
  volatile long long l = 9007199254740993LL;
  double d = l;
  if (d != 9007199254740992.0) reach_error();
  volatile float x = 1.0f, y = 1e-8f;
  if (x + y != 1.0f) reach_error();
  if ((double)x + (double)y == 1.0) reach_error();
  return 0;
}
