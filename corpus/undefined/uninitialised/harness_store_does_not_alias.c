// assume-none: SAFE
// A harness `main` hands the code an object it never filled (the SLAM-era driver harnesses'
// `DEVICE_OBJECT devobj`). The store through `d->ext` is undefined behaviour unless the pointer
// is NULL or names an object; under the task semantics (`cminus::indeterminate`) it is NULL or
// an object of its own, never the rule's global `s`. Written for slam.
extern void reach_error(void);
struct ext { int st; };
struct dev { int flags; struct ext *ext; };
int s;
void dispatch(struct dev *d) {
  struct ext *e = d->ext;
  if (e != 0)
    e->st = 5;
  if (s == 5)
    reach_error();
}
int main(void) {
  struct dev devobj;
  s = 0;
  devobj.flags = 1;
  dispatch(&devobj);
  return 0;
}
