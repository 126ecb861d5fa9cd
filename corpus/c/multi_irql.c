// slam: lowers
// expect: SAFE
// IRQL discipline: raise and lower must nest.
typedef unsigned char KIRQL;
KIRQL current_irql = 0;
KIRQL KeRaiseIrql(KIRQL n) { KIRQL old = current_irql; if (n < current_irql) reach_error(); current_irql = n; return old; }
void KeLowerIrql(KIRQL old) { if (old > current_irql) reach_error(); current_irql = old; }
void work(int depth) {
  KIRQL o;
  if (depth <= 0) return;
  o = KeRaiseIrql(2);
  work(depth - 1);
  KeLowerIrql(o);
}
int main(void) {
  work(3);
  if (current_irql != 0) reach_error();
  return 0;
}
