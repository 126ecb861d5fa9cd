int main(void) {
  int n = __VERIFIER_nondet_int() % 20;
  int s = 0, i, j;
  for (i = 0; i < n; i++) {
    if (i % 3 == 0) continue;
    for (j = 0; j < i; j++) {
      if (j > 4) break;
      s += j;
    }
  }
  i = 0;
  while (1) {
    if (i >= 10) break;
    i += 2;
  }
  do { s += i; i--; } while (i > 5);
  j = 0;
again:
  j++;
  if (j < 3) goto again;
  s += j;
  if (n > 15) goto out;
  s += 1000;
out:
  return s & 0x7f;
}
