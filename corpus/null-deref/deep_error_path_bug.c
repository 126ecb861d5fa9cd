// expect: VIOLATION
// A pointer returned NULL on an error path three calls deep: `lookup` fails for a key out of
// range, `find` and `config_for` pass the NULL on, and `level` dereferences it.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
struct cfg { int level; };
static struct cfg table[4];
static struct cfg *lookup(int k) { if (k < 0 || k >= 4) return NULL; return &table[k]; }
static struct cfg *find(int k) { return lookup(k); }
static struct cfg *config_for(int k) { return find(k); }
int level(int k) { struct cfg *c = config_for(k); return c->level; }
int main(void) { return level(__VERIFIER_nondet_int()); }
