typedef int (*op_t)(int, int);
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }
struct ops { op_t f; const char *name; };
struct ops table[3] = { { add, "add" }, { sub, "sub" }, { mul, "mul" } };
int apply(op_t f, int x, int y) { return f(x, y); }
int main(void) {
  int k = __VERIFIER_nondet_int(), a = __VERIFIER_nondet_int() % 100, b = __VERIFIER_nondet_int() % 100;
  if (k < 0) k = -k;
  k = k % 3;
  int r = table[k].f(a, b);
  op_t g = &sub;
  r += apply(g, a, 1);
  r += (*table[(k + 1) % 3].f)(2, 3);
  if (table[k].name[0] == 'm' && r == 10) reach_error();
  return r & 0x7f;
}
