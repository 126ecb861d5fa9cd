// The c2bp lecture's example (slides 14-21): with the predicates of cmp.preds the error is
// unreachable in the boolean program.
int g;
void cmp(int a, int b) {
  if (a == b) g = 0; else g = 1;
}
int main(int x, int y) {
  cmp(x, y);
  if (!g) { if (x != y) reach_error(); }
  return 0;
}
