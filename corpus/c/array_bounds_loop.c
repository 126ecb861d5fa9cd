// slam: lowers
// expect: SAFE
#define N 16
int buf[N];
int main(void) {
  int i, n = __VERIFIER_nondet_int();
  if (n > N) n = N;
  for (i = 0; i < n; i++) buf[i] = i;
  for (i = 0; i < n; i++) if (buf[i] != i) reach_error();
  return 0;
}
