// slam: lowers
// expect: SAFE
// Through a pointer to const an unknown function writes nothing (writing a const object is
// undefined): the proof keeps y and the struct's fields across the calls.
extern int peek(const int *p);
extern int show(const struct cfg *c);
extern void reach_error(void);
struct cfg { int a; int b; };
int main(void) {
  int y = 1;
  struct cfg c = { 2, 3 };
  peek(&y);
  show(&c);
  if (y != 1 || c.a != 2 || c.b != 3) reach_error();
  return 0;
}
