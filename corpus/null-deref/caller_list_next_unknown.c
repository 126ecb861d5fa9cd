// expect: UNKNOWN
// entry: drain
// reason: null_from_outside
// The entry takes `len` nodes off a list the caller built. The harness's object has any
// contents: a path to the error reads a NULL `head` while `len` is 2 or 3. With a valid
// node there instead, the node's own `next` is NULL (its contents are unknown too) and the
// second round dereferences that: a NULL read from an object the caller made is from outside
// just as one read from the argument's own object is. UNKNOWN, not a violation of `drain`.
struct node { struct node *next; int v; };
struct list { struct node *head; int len; };
int drain(struct list *l) {
  int k = 0;
  if (l->len < 2 || l->len > 3)
    return -1;
  while (l->len > 0) {
    struct node *n = l->head;
    l->head = n->next;
    l->len--;
    k += n->v;
  }
  return k;
}
