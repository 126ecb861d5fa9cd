// slam: lowers
// expect: SAFE
// A union passed and returned by value, then read through its other member (found reducing
// Csmith unions programs): the copy carries the union's bytes, so `f1` reads 0xDD as -35.
// CEGAR used to bind an aggregate parameter to its argument's address (Newton confirmed a
// spurious VIOLATION) and lost the bytes of a returned struct.
extern void reach_error(void);
union U0 { unsigned char f0; signed char f1; };
union U0 g = {0xDD};
signed char get(union U0 p) { return p.f1; }
union U0 id(union U0 p) { return p; }
int main(void) {
  union U0 l = id(g);
  if (get(g) != -35 || l.f1 != -35) reach_error();
  return 0;
}
