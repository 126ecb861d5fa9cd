// slam: lowers
// expect: SAFE
// Parsing a packet header from a byte buffer with bounds checks.
typedef unsigned char u8;
typedef unsigned short u16;
struct pkt { u8 data[32]; int len; };
int parse(const struct pkt *p, u16 *out_len) {
  if (p->len < 4) return -1;
  u16 l = (u16)((p->data[2] << 8) | p->data[3]);
  if (l > p->len - 4) return -1;
  *out_len = l;
  return 0;
}
int main(void) {
  struct pkt p;
  int i;
  u16 len = 0;
  p.len = __VERIFIER_nondet_int();
  if (p.len < 0 || p.len > 32) return 0;
  for (i = 0; i < 32; i++) p.data[i] = (u8)__VERIFIER_nondet_int();
  if (parse(&p, &len) == 0 && len > 28) reach_error();
  return 0;
}
