// slam: lowers
// expect: SAFE
// A union read through another member than the one written (Csmith seed 31008, unions
// configuration, reduced by hand): the byte 0xDD read as a signed char is -35. The search's
// interpreter used to keep an independent value per member and said VIOLATION; a write to an
// integer member now sets the union's other integer members as gcc's layout does
// (cminus::unions).
extern void reach_error(void);
union U0 { unsigned char f0; const signed char f1; };
static union U0 g = {0xDD};
union U1 { unsigned char b; signed char s; };
union U1 h;
int main(void) {
  h.b = 0xDD;
  if (g.f1 != -35 || h.s != -35) reach_error();
  return 0;
}
