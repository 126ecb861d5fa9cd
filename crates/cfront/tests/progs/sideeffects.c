int cnt;
int inc(void) { return ++cnt; }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int x = a++ + ++b;
  int y = (a > 0 && inc() > 0) || inc() > 5;
  int z = b ? inc() : 3 * a;
  x += y * 2; x -= z; x *= 3; x <<= 1; x |= 1; x ^= 6; x &= 0xfff; x >>= 1;
  if (b > 0) x %= b;
  int arr[4] = {0, 0, 0, 0};
  int i = 0;
  arr[i++] = 5; arr[i++] = 6;
  arr[++i] = i;
  int k = (a = 3, b = 4, a + b);
  if (cnt == 2 && x == 0) reach_error();
  return (x + y + z + arr[0] + arr[1] + arr[3] + i + k + cnt) & 0x7f;
}
