// slam: lowers
// expect: VIOLATION
// Reduced from a Csmith disagreement (seed 83 of the small configuration, with cvise): the
// store of a call's result into a global was not abstracted (global predicates were left to
// the callee), so slam said SAFE.
void reach_error(void);
int zero(void) { return 0; }
int g;
int main(void) {
  g = 16;
  g = zero();
  if (g == 0) reach_error();
  return 0;
}
