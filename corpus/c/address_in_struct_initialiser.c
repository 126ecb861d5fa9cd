// slam: lowers
// expect: VIOLATION
// The address of x is taken inside a struct initialiser: x lives in memory, and *p.q reads it
// (the layout only looked at initialisers outside braces: a wrong SAFE before session 3).
extern void reach_error(void);
struct P { int *q; int v; };
int x = 42;
struct P p = { &x, 1 };
int main(void) { if (*p.q == 42 && p.v == 1) reach_error(); return 0; }
