// slam: lowers
// expect: SAFE
// An enum constant above INT_MAX is not wrapped into int: the enum is unsigned int, a
// constant that needs 64 bits makes the enum 64 bits wide.
void reach_error(void);
enum flags { F_LOW = 1, F_HIGH = 0x80000000 };
enum big { B_NEG = -1, B_WIDE = 0x100000000 };
int main(void) {
  if (F_HIGH < 0) reach_error();
  if (sizeof(enum flags) != 4 || sizeof(F_HIGH) != 4 || sizeof(F_LOW) != 4) reach_error();
  if (sizeof(enum big) != 8 || B_WIDE != 4294967296LL) reach_error();
  return 0;
}
