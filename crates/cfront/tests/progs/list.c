#include <stdlib.h>
struct node { int v; struct node *next; };
struct node *push(struct node *h, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->v = v;
  n->next = h;
  return n;
}
int main(void) {
  int k = __VERIFIER_nondet_int() % 8;
  if (k < 0) k = -k;
  struct node *h = NULL;
  int i;
  for (i = 0; i < k; i++) h = push(h, i * i);
  int s = 0;
  struct node *p;
  for (p = h; p != NULL; p = p->next) s += p->v;
  if (h && h->v == 49) reach_error();
  int *arr = (int *)malloc(4 * sizeof(int));
  arr[0] = 1; arr[3] = 4;
  return (s + arr[0] + arr[3]) & 0x7f;
}
