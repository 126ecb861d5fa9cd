// slam: lowers
// expect: VIOLATION
// A union's initialiser names one member; the others share its storage and must not be
// written as zeros after it (a wrong SAFE during session 3's restructure, caught before it landed).
extern void reach_error(void);
union U { int a; unsigned char c; };
union U u = { 0x1234 };
union U v = { .c = 5 };
int main(void) {
  if (u.a == 0x1234 && v.c == 5) reach_error();
  return 0;
}
