// expect: UNKNOWN
// entry: value_of
// reason: null_from_outside
// The entry dereferences a pointer it reads from the object its parameter points to: NULL
// there only if the caller put NULL there, which the entry's harness (any contents) cannot
// tell from a well-formed object. Not a violation of this function: UNKNOWN, saying so.
struct box { int *value; int n; };
int value_of(struct box *b) { return *b->value + b->n; }
