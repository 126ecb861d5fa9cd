// slam: lowers
// expect: VIOLATION
// K&R C as old verification tasks have it: an implicit-int declaration and an old-style
// definition with a parameter declaration list.
void reach_error();
extern __VERIFIER_nondet_int();
add(a, b) int a; int b; { return a + b; }
int main() {
  int x = __VERIFIER_nondet_int();
  if (add(x, 2) == 5) reach_error();
  return 0;
}
