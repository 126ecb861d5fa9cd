// slam: lowers
// expect: SAFE
// data_model: ILP32
// i386 layout as gcc -m32 has it: long long and double are 4-aligned in structs, long
// double is 12 bytes, long and pointers 4.
void reach_error(void);
struct rec { char c; long long ll; double d; long double ld; long l; void *p; };
struct bits { char a; long long x : 40; char b; };
int main(void) {
  if (sizeof(long double) != 12 || _Alignof(long long) != 4 || _Alignof(double) != 4) reach_error();
  if (__builtin_offsetof(struct rec, ll) != 4 || __builtin_offsetof(struct rec, d) != 12) reach_error();
  if (__builtin_offsetof(struct rec, ld) != 20 || __builtin_offsetof(struct rec, l) != 32) reach_error();
  if (sizeof(struct rec) != 40 || sizeof(struct bits) != 8) reach_error();
  return 0;
}
