// slam: unsupported
// expect: UNKNOWN
// A GNU builtin slam does not model is not an unknown external function: the check says so.
extern void reach_error(void);
int main() {
  void *fp = __builtin_frame_address(0);
  if (fp == 0) reach_error();
  return 0;
}
