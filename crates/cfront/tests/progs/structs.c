struct point { int x; int y; };
struct rect { struct point lo, hi; int tag[2]; };
typedef struct rect rect_t;
int area(rect_t *r) { return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y); }
struct point mid(struct point a, struct point b) {
  struct point m;
  m.x = (a.x + b.x) / 2;
  m.y = (a.y + b.y) / 2;
  return m;
}
int main(void) {
  int w = __VERIFIER_nondet_int() % 50, h = __VERIFIER_nondet_int() % 50;
  rect_t r = { {0, 0}, {w, h}, {7} };
  struct rect rs[2];
  rs[0] = r;
  rs[1].lo.x = 1; rs[1].lo.y = 1; rs[1].hi = r.hi; rs[1].tag[0] = 0; rs[1].tag[1] = 0;
  struct point m = mid(r.lo, r.hi);
  int a = area(&rs[0]) + area(&rs[1]);
  struct point *pp = &rs[1].hi;
  pp->x += 2;
  if (a == 0 && m.x == 0 && r.tag[0] == 7) reach_error();
  return (a + m.x + m.y + rs[1].hi.x + r.tag[1]) & 0x7f;
}
