// slam: lowers
// expect: VIOLATION
// A plain initializer after a nested designator goes on after the designated member's
// aggregate when that is a union or the member is its last (C11 6.7.9p17): Redis's
// commands.def writes key specs as `{…, KSPEC_BS_INDEX, .bs.index = {1}, KSPEC_FK_RANGE,
// .fk.range = {0, 1, 0}}` (the front end rejected such units before session 53). The error
// is reached only when every member has gcc's value (checked: gcc's program aborts there).
struct ks { const char *notes; int flags; int bs_type; union { struct { int pos; } index; struct { const char *kw; int start; } keyword; } bs; int fk_type; union { struct { int last, step, limit; } range; struct { int idx, first, step; } keynum; } fk; };
struct ks a[] = { {0, 3, 1, .bs.index = {7}, 2, .fk.range = {0, 1, 0}}, {"n", 4, 2, .bs.keyword = {"x", 1}, 5, .fk.keynum = {9, 8, 6}} };
struct pt { int x, y; }; struct two { struct pt p; int z; };
struct two t = { .p.y = 4, 5 };
void reach_error(void);
int main(void) {
  if (a[0].fk_type != 2 || a[0].bs.index.pos != 7 || a[0].fk.range.step != 1) return 1;
  if (a[1].fk_type != 5 || a[1].bs.keyword.start != 1 || a[1].fk.keynum.idx != 9 || a[1].fk.keynum.step != 6) return 2;
  if (t.p.y != 4 || t.z != 5 || t.p.x != 0) return 3;
  if (a[0].fk_type == 2) reach_error();
  return 0;
}
