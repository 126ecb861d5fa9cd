/* Variadic functions reading their arguments with va_arg: ints, longs, pointers, doubles,
   a re-scan with a second va_start, recursion (a nested call refills the arguments). */
#include <stdarg.h>
static int sum(int n, ...) {
  va_list ap;
  int s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}
static long pick(int k, ...) {
  va_list ap;
  va_start(ap, k);
  long v = 0;
  for (int i = 0; i <= k; i++) v = va_arg(ap, long);
  va_end(ap);
  va_start(ap, k);
  v += va_arg(ap, long);
  va_end(ap);
  return v;
}
static int deref(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int *p = va_arg(ap, int *);
  double d = va_arg(ap, double);
  int r = *p + (int)(d * 4);
  if (n > 0) r += deref(n - 1, p, d + 1.0, n);
  r += va_arg(ap, int);
  va_end(ap);
  return r;
}
int main(void) {
  int a = __VERIFIER_nondet_int() % 1000;
  int b = __VERIFIER_nondet_int() % 1000;
  int r = sum(3, a, b, 7) + sum(0) + sum(1, -b);
  r += (int)pick(2, 10L, (long)a, 30L);
  int x = a;
  r += deref(2, &x, 0.25, 5, 6);
  if (sum(2, a, b) != a + b) reach_error();
  int (*fp)(int, ...) = b > 0 ? sum : deref;  /* a call through a pointer passes them too */
  if (b > 0) r += fp(2, b, 3);
  return r & 0x7f;
}
