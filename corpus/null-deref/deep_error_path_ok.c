// expect: SAFE
// The correct twin of deep_error_path_bug.c: the caller checks the result.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
struct cfg { int level; };
static struct cfg table[4];
static struct cfg *lookup(int k) { if (k < 0 || k >= 4) return NULL; return &table[k]; }
static struct cfg *find(int k) { return lookup(k); }
static struct cfg *config_for(int k) { return find(k); }
int level(int k) { struct cfg *c = config_for(k); if (c == NULL) return -1; return c->level; }
int main(void) { return level(__VERIFIER_nondet_int()); }
