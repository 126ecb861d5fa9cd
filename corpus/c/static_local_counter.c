// slam: lowers
// expect: VIOLATION
int tick(void) { static int calls; return ++calls; }
int main(void) {
  while (__VERIFIER_nondet_int()) {
    if (tick() == 3) reach_error();
  }
  return 0;
}
