#include <stdlib.h>
void __VERIFIER_error(void);
extern void __VERIFIER_assume(int);
int main() { void *p = malloc(8); __VERIFIER_assume(!((unsigned long)p > 2012UL)); if (p) __VERIFIER_error(); return 0; }
