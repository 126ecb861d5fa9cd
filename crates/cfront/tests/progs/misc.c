typedef unsigned int u32;
struct flags { unsigned int a : 3; unsigned int b : 5; int c; };
union u { int i; char c; };
int __VERIFIER_assert_local(int c) { return c; }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: reach_error(); } }
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct flags f;
  f.a = x; f.b = x + 30; f.c = 0;
  u32 big = 0xffffffffu;
  big += 2;
  int r = f.a + f.b + (int)big;
  r += (int)sizeof(struct flags) + (int)sizeof(long) + (int)sizeof(union u);
  __VERIFIER_assert(r != 57);
  unsigned char uc = 255; uc++;
  r += uc;
  _Bool bb = x; r += bb;
  r += (x > 3) + !x;
  return r & 0x7f;
}
