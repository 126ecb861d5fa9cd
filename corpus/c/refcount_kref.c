// slam: lowers
// expect: VIOLATION
// kref_put is called twice on the error path and the object is released while in use.
struct kref { int refcount; };
int released = 0;
void kref_get(struct kref *k) { k->refcount++; }
void kref_put(struct kref *k) { k->refcount--; if (k->refcount == 0) released = 1; }
int probe(struct kref *k, int fail) {
  kref_get(k);
  if (fail) { kref_put(k); kref_put(k); return -1; }
  return 0;
}
int main(void) {
  struct kref k = { 1 };
  probe(&k, __VERIFIER_nondet_int());
  if (released) reach_error();
  return 0;
}
