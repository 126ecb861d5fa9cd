// slam: lowers
// expect: VIOLATION
// A struct returned by value from a function that writes no memory of its own: the caller's
// copy holds the global's fields. c2bp used to store only the first cell of the result, so
// `l.b` kept its old value 0 and CEGAR said SAFE (the portfolio's disagreement guard turned
// it into UNKNOWN).
extern void reach_error(void);
struct S { int a; int b; };
struct S g = {1, 2};
struct S f(void) { return g; }
int main(void) {
  struct S l = {0, 0};
  l = f();
  if (l.b == 2) reach_error();
  return 0;
}
