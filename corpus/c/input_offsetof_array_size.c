// slam: lowers
// expect: SAFE
// Kernel headers size padding arrays with the offsetof idiom: an integer constant
// expression, not a variable-length array.
void reach_error(void);
struct s { char a; long b; short f; };
struct t { unsigned char pad[(unsigned long)&((struct s *)0)->f]; int z; };
int main(void) {
  struct t v;
  v.z = 1;
  if (sizeof(v.pad) != 16 || sizeof(struct t) != 20) reach_error();
  return 0;
}
