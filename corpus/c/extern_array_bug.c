// slam: lowers
// expect: VIOLATION
// random runs miss it: the global's contents must hold particular values
// A global only declared extern (another unit defines it) has unknown contents, structs
// and arrays too; slam took them as zero and answered SAFE on the bug (found in session 3).
extern int tab[4];
extern void reach_error(void);
int main(void) {
  if (tab[2] == 7 && tab[3] == -1) reach_error();
  return 0;
}
