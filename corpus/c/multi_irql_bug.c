// slam: lowers
// expect: VIOLATION
// As multi_irql.c, but the outermost level returns without lowering: the IRQL stays
// raised when main checks it (issue 13: facts about a global across recursive calls must
// not hide it).
typedef unsigned char KIRQL;
KIRQL current_irql = 0;
KIRQL KeRaiseIrql(KIRQL n) { KIRQL old = current_irql; if (n < current_irql) reach_error(); current_irql = n; return old; }
void KeLowerIrql(KIRQL old) { if (old > current_irql) reach_error(); current_irql = old; }
void work(int depth) {
  KIRQL o;
  if (depth <= 0) return;
  o = KeRaiseIrql(2);
  work(depth - 1);
  if (depth != 3)
    KeLowerIrql(o);
}
int main(void) {
  work(3);
  if (current_irql != 0) reach_error();
  return 0;
}
