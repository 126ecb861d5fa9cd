/* Input forms of real tasks: K&R definitions and implicit int, enum types as gcc picks them,
   range designators, statement expressions, compound literals, offsetof-style array sizes,
   flexible array members. */
extern __VERIFIER_nondet_int();
struct pkt { char tag; long len; short kind; };
struct hdr { unsigned char pad[(unsigned long)&((struct pkt *)0)->kind]; int crc; };
struct msg { int n; char data[]; };
enum small { S0, S1, S2 };
enum big { B0 = 0x80000000u, B1 };
enum neg { N0 = -2, N1 };
int table[8] = { [0 ... 3] = 4, [4 ... 7] = 9 };
struct inner { int a, b; };
struct outer { int k; struct inner in[2]; struct inner one; };
struct outer cfg = { .one.b = 5, .in[1].a = 6, .one.a = 7, .k = 1 };
scale(x, k) int x; { return x * k; }
static twice(v) { return v + v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  enum small s = x;
  if (s > S1) r += 1; /* unsigned: negative x counts too */
  enum neg n = x;
  if (n > N1) r += 2;
  r += (int)sizeof(enum big) + (int)sizeof(B1) + (B1 > 0);
  r += scale(x, 3) + twice(x);
  int t[5] = { [1 ... 3] = x };
  r += t[0] + t[2] + t[4] + table[3] + table[5];
  r += ({ int q = x * 2; q + 1; });
  struct outer loc = { .in[0].b = x, .one = { 1, 2 }, .one.b = 3 };
  r += cfg.one.a + cfg.one.b + cfg.in[1].a + cfg.in[1].b + loc.in[0].b + loc.one.a + loc.one.b;
  struct pkt *p = &(struct pkt){ 1, 2, 3 };
  r += p->kind + (int)sizeof(struct hdr) + (int)sizeof(struct msg);
  if (r == 100) reach_error();
  return r & 0x7f;
}
