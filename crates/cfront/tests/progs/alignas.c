/* _Alignas on struct members and objects, GNU aligned on a member: layout as gcc. */
struct st { char c; _Alignas(64) unsigned long acc[8]; _Alignas(16) unsigned char b[3]; int tail; };
struct g { char c; int x __attribute__((aligned(32))); };
struct p { char c; _Alignas(8) char d; } __attribute__((packed));
_Alignas(32) static int gv;
#define offsetof(t, m) __builtin_offsetof(t, m)
int main(void) {
  _Alignas(16) char buf[5];
  int r = 0;
  r |= sizeof(struct st) != 192;
  r |= offsetof(struct st, acc) != 64;
  r |= offsetof(struct st, b) != 128;
  r |= offsetof(struct st, tail) != 132;
  r |= (sizeof(struct g) != 64) << 1;
  r |= (offsetof(struct g, x) != 32) << 2;
  r |= (sizeof(struct p) != 16) << 3;
  r |= (offsetof(struct p, d) != 8) << 4;
  buf[0] = 1; gv = 2;
  return r;
}
