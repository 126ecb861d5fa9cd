// slam: lowers
// expect: SAFE
// The correct twin of call_result_to_global.c: the global holds the call's result.
void reach_error(void);
int seven(void) { return 7; }
int g;
int main(void) {
  g = 0;
  g = seven();
  if (g != 7) reach_error();
  return 0;
}
