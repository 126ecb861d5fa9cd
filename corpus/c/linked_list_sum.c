// slam: lowers
// expect: SAFE
#include <stdlib.h>
struct item { int data; struct item *next; };
struct item *list_prepend(struct item *head, int v) {
  struct item *n = (struct item *)malloc(sizeof(*n));
  if (!n) abort();
  n->data = v; n->next = head;
  return n;
}
int main(void) {
  struct item *head = NULL, *p;
  int count = 0, len = 0;
  while (count < 5 && __VERIFIER_nondet_int()) { head = list_prepend(head, 1); count++; }
  for (p = head; p; p = p->next) { if (p->data != 1) reach_error(); len++; }
  if (len != count) reach_error();
  return 0;
}
