// slam: lowers
// expect: UNKNOWN
// unknown at check: the error needs a write by a function without a body
// A function without a body may write through a non-const pointer argument: after
// `fill(&x)`, x is unknown to the proof, so SAFE would be wrong under C's semantics (slam said
// SAFE before session 5). The interpreter takes the function to write nothing, so the bug that
// needs the write is not reported either: UNKNOWN, naming the call.
extern void fill(int *p);
extern void reach_error(void);
int main(void) {
  int x = 0;
  fill(&x);
  if (x == 5) reach_error();
  return 0;
}
