// slam: lowers
// expect: UNKNOWN
// unknown at check: the error needs a write by a function without a body
// An unknown function reached through a struct pointer may set any scalar field: `c->b`
// after `load(c)` is unknown to the proof (was a wrong SAFE), and the interpreter does not
// invent the write.
struct cfg { int a; int b; };
extern int load(struct cfg *c);
extern void reach_error(void);
int main(void) {
  struct cfg s = { 0, 0 };
  struct cfg *c = &s;
  if (load(c) != 0) return 1;
  if (c->b == 7) reach_error();
  return 0;
}
