// slam: lowers
// expect: SAFE
// A flexible array member adds its alignment and no size: sizeof as gcc computes it.
void reach_error(void);
struct msg { int len; char data[]; };
struct wide { char tag; long long items[]; };
int main(void) {
  if (sizeof(struct msg) != 4) reach_error();
  if (sizeof(struct wide) != 8) reach_error();
  if (__builtin_offsetof(struct wide, items) != 8) reach_error();
  return 0;
}
