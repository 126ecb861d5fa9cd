/* Variable-length arrays: filled in loops, indexed through pointers, passed to functions,
 * two-dimensional with a constant inner size, sizeof at the declaration, redeclared in a
 * loop, and a const global used as a size. Sizes are kept positive (0 or less is undefined). */
const int SIZE = 12;
unsigned h;
static void mix(long v) { h = h * 31u + (unsigned)v; }
static int sum(int n, int a[n]) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
static void fill(int n, int a[static n], int v) {
  for (int i = 0; i < n; i++) a[i] = v + i;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 1) n = 1 - n % 7;
  if (n > 20) n = 20;
  if (k < 0) k = -k;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i * k;
  mix(sum(n, a));
  mix(sizeof a);
  mix(sizeof a / sizeof a[0]);
  int *p = a + n - 1;
  *p = 7;
  mix(a[n - 1]);
  fill(n, a, k);
  mix(a[0]);
  mix(a[n - 1]);
  long m[n][3];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 3; j++) m[i][j] = i * 3 + j;
  mix(m[n - 1][2]);
  mix(sizeof m);
  mix(sizeof m[0]);
  int len = n;
  n = n + 5;
  mix(sizeof a / sizeof(int) == (unsigned long)len);
  for (int r = 1; r <= 3; r++) {
    char b[r * 2];
    for (int i = 0; i < r * 2; i++) b[i] = (char)(i + r);
    mix(b[r * 2 - 1]);
    mix(sizeof b);
  }
  int c[SIZE];
  c[SIZE - 1] = k;
  mix(c[SIZE - 1]);
  mix(sizeof c);
  if (a[0] != k) reach_error();
  if (len > 3 && a[3] == 9) reach_error();
  return (int)(h & 0x7f);
}
