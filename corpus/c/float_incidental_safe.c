// slam: lowers
// expect: SAFE
// Floating point next to the property but not in it: a running average in a struct, float
// parameters and returns, a double array. The counter the assertion reads is an integer.
void reach_error(void);
int __VERIFIER_nondet_int(void);
struct acc { int n; double sum; float last; };
static double tab[4] = { 0.5, 1.5, 2.5, 3.5 };
static float weigh(float v, int k) { return v * (float)k; }
int main(void) {
  struct acc a = { 0, 0.0, 0.0f };
  int k = __VERIFIER_nondet_int();
  for (int i = 0; i < k && i < 10; i++) {
    a.sum += tab[i % 4] * i;
    a.last = weigh(a.last + 1.0f, i);
    a.n++;
  }
  double avg = a.n ? a.sum / a.n : 0;
  if (a.n > 10) reach_error();
  return avg > 3.0;
}
