// expect: SAFE
// entry: sum
// The parameters point to objects of their own (never NULL), and the pointer read from the
// first one is tested before use: SAFE (CEGAR once answered UNKNOWN here: the boolean
// program did not know that an entry's pointer parameter is not NULL).
struct box { int *value; int n; };
int sum(struct box *b, int *extra) {
  int t = extra[0] + b->n;
  if (b->value)
    t += *b->value;
  return t;
}
