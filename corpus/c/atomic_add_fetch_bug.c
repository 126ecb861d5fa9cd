// slam: lowers
// expect: VIOLATION
// __sync_add_and_fetch returns the new value, __sync_fetch_and_add the old one.
extern void reach_error(void);
int refs = 1;
int main() {
  int old = __sync_fetch_and_add(&refs, 1);
  if (old != 1) reach_error();
  if (__sync_add_and_fetch(&refs, 1) == 3) reach_error();
  return 0;
}
