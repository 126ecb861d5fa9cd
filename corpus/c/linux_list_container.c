// slam: lowers
// expect: SAFE
// Linux idioms: list_head, container_of, offsetof, ops tables registered at init.
#include <stddef.h>
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
struct list_head { struct list_head *next, *prev; };
#define LIST_HEAD_INIT(name) { &(name), &(name) }
static inline void INIT_LIST_HEAD(struct list_head *l) { l->next = l; l->prev = l; }
static inline void list_add(struct list_head *n, struct list_head *h) {
  n->next = h->next; n->prev = h; h->next->prev = n; h->next = n;
}
static inline int list_empty(const struct list_head *h) { return h->next == h; }
struct netdev { int id; struct list_head list; int up; };
struct driver { const char *name; int (*probe)(struct netdev *); void (*remove)(struct netdev *); };
static struct list_head devices = LIST_HEAD_INIT(devices);
static int nprobed;
static int my_probe(struct netdev *d) { d->up = 1; nprobed++; return 0; }
static void my_remove(struct netdev *d) { if (!d->up) reach_error(); d->up = 0; nprobed--; }
static struct driver drv = { .name = "mydrv", .probe = my_probe, .remove = my_remove };
int main(void) {
  struct netdev a = { .id = 1 }, b = { .id = 2 };
  struct list_head *pos;
  INIT_LIST_HEAD(&devices);
  list_add(&a.list, &devices);
  if (__VERIFIER_nondet_int()) list_add(&b.list, &devices);
  for (pos = devices.next; pos != &devices; pos = pos->next) {
    struct netdev *d = container_of(pos, struct netdev, list);
    (void)d;
  }
  if (drv.probe(&a) == 0) drv.remove(&a);
  if (nprobed != 0 || list_empty(&devices)) reach_error();
  return 0;
}
