// slam: lowers
// expect: SAFE
// The correct twin of union_narrow_write_bug.c: the low byte is replaced, the high bytes
// stay; an initialiser zero-fills the whole union (gcc), then writes the named member.
extern void reach_error(void);
union U { unsigned char c; short s; unsigned int i; };
union U g = {.s = -2};
int main(void) {
  union U u;
  union U z = {.s = -2};
  u.i = 0x12345678;
  u.c = 0xDD;
  if (u.i != 0x123456DD || u.s != 0x56DD) reach_error();
  if (g.i != 0xFFFE || z.i != 0xFFFE || g.c != 0xFE) reach_error();
  return 0;
}
