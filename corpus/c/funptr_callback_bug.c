// slam: lowers
// expect: VIOLATION
// A timer callback runs after the device was torn down.
struct timer { void (*fn)(int); int data; int armed; };
int device_alive = 1;
void on_timer(int data) { if (!device_alive) reach_error(); }
void on_other(int data) { }
void fire(struct timer *t) { if (t->armed) { t->armed = 0; t->fn(t->data); } }
int main(void) {
  struct timer t;
  t.fn = __VERIFIER_nondet_int() ? on_timer : on_other;
  t.data = 0;
  t.armed = 1;
  device_alive = 0;     /* teardown without del_timer */
  fire(&t);
  return 0;
}
