int classify(int x) {
  int r = 0;
  switch (x % 6) {
  case 0:
    r += 1;
  case 1:
    r += 10;
    break;
  case 2: case 3:
    r = 5;
    break;
  case -1:
    r = 40;
  default:
    r += 100;
  }
  return r;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int r = classify(a) + classify(a + 1) * 2;
  switch (a) { }
  switch (r) {
  default: r++;
  }
  if (r == 222) reach_error();
  return r & 0x7f;
}
