// slam: lowers
// expect: VIOLATION
// The callee writes the entry's object through its pointer argument; the caller reads it
// through a pointer that may also point to a global. The points-to analysis does not know the
// entry's object, so its sets for `r` ({A}) and for `q` ({B}) are disjoint although both may
// point to it: a call must still count as writing what `r->x` reads (a wrong SAFE before).
struct s { int x; };
struct s A, B;
void g(struct s *q, int c) { if (c) q = &B; q->x = 5; }
int main(struct s *p, int c1, int c2) {
  struct s *r = p;
  if (c1) r = &A;
  r->x = 0;
  g(p, c2);
  if (r->x == 5) reach_error();
  return 0;
}
