// expect: VIOLATION
// A NULL returned three calls deep on an error path: `lookup` → `find_entry` → `probe`
// returns NULL when the key is not in the table, and `get_port` passes it up unchecked to
// `main`, which dereferences it.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
struct entry { int key; int value; };
static struct entry table[4] = { {1, 80}, {2, 443}, {3, 22}, {4, 25} };
static struct entry *probe(int slot, int key) {
  if (slot < 0 || slot >= 4) return NULL;
  if (table[slot].key != key) return NULL;
  return &table[slot];
}
static struct entry *find_entry(int key) { return probe(key - 1, key); }
static struct entry *lookup(int key) { return find_entry(key); }
static int get_port(int key) {
  struct entry *e = lookup(key);
  return e->value;
}
int main(void) {
  int key = __VERIFIER_nondet_int();
  return get_port(key) == 0;
}
