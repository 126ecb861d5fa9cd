// assume-none: VIOLATION
// The uninitialised member is read as `__VERIFIER_nondet_pointer()` is: it may be NULL. The
// compiled run's stack decides it there, so the violation is the interpreter's alone.
// Written for slam.
extern void reach_error(void);
struct dev { int flags; void *ext; };
int check(struct dev *d) {
  if (d->ext == 0)
    reach_error();
  return d->flags;
}
int main(void) {
  struct dev devobj;
  devobj.flags = 1;
  return check(&devobj);
}
