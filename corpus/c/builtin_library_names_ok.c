// slam: lowers
// expect: SAFE
// gcc's `__builtin_strcpy`, `__builtin_strlen`, `__builtin_malloc` and `__builtin_free` are
// the C library's functions under another name ("Other Builtins" in gcc's manual): slam
// lowers them as the library calls (session 48; before: "the GNU builtin … is not
// supported"). gcc -O0: exits 0 (the copied string has length 3).
extern void reach_error(void);
int main(void) {
  char a[4] = "abc";
  char d[8];
  __builtin_strcpy(d, a);
  char *p = __builtin_malloc(4);
  if (p) {
    p[0] = 1;
    __builtin_free(p);
  }
  if (__builtin_strlen(d) != 3)
    reach_error();
  return 0;
}
