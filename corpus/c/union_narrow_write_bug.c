// slam: lowers
// expect: VIOLATION
// Writing a narrower member of a union replaces only the low bytes of the wider ones (gcc,
// little endian): after `u.c = 0xDD`, `u.i` is 0x123456DD. slam's memory used to keep one
// value per union, so it said SAFE here (and VIOLATION on the correct program below).
extern void reach_error(void);
union U { unsigned char c; unsigned short s; unsigned int i; };
int main(void) {
  union U u;
  u.i = 0x12345678;
  u.c = 0xDD;
  if (u.i == 0x123456DD) reach_error();
  return 0;
}
