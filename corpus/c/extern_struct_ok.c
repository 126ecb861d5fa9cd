// slam: lowers
// expect: SAFE
// A global only declared extern (another unit defines it) has unknown contents, structs
// and arrays too; slam took them as zero and answered SAFE on the bug (found in session 3).
struct cfg { int x; int y; };
extern struct cfg settings;
extern void reach_error(void);
int main(void) {
  if (settings.x == 5) {
    settings.y = 1;
    if (settings.y != 1) reach_error();
  }
  return 0;
}
