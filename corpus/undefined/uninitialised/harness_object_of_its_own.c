// assume-none: VIOLATION
// ... or an object of its own, which the code may fill and read back.
// Written for slam.
extern void reach_error(void);
struct ext { int st; int count; };
struct dev { int flags; struct ext *ext; };
void dispatch(struct dev *d) {
  struct ext *e = d->ext;
  if (e != 0) {
    e->st = 5;
    e->count = e->st + 1;
    if (e->count == 6)
      reach_error();
  }
}
int main(void) {
  struct dev devobj;
  devobj.flags = 1;
  dispatch(&devobj);
  return 0;
}
