// slam: lowers
// expect: SAFE
struct mutex { int locked; };
static void mutex_lock(struct mutex *m) { if (m->locked) reach_error(); m->locked = 1; }
static void mutex_unlock(struct mutex *m) { if (!m->locked) reach_error(); m->locked = 0; }
struct my_dev { struct mutex lock; int users; int *data; };
static int dev_write(struct my_dev *d, int v) {
  int ret = 0;
  mutex_lock(&d->lock);
  if (d->users == 0) { ret = -19; goto out; }
  if (v < 0) { ret = -22; goto out; }
  d->users++;
out:
  mutex_unlock(&d->lock);
  return ret;
}
int main(void) {
  struct my_dev d = { { 0 }, 1, 0 };
  while (__VERIFIER_nondet_int()) dev_write(&d, __VERIFIER_nondet_int());
  return 0;
}
