// slam: lowers
// expect: VIOLATION
// A `struct S *` made by arithmetic on a `char *` points one byte into another `struct S`:
// its member `a` is the other's member `b` (gcc -O0: the program aborts). Distinct members of
// one struct type overlap in byte memory unless their bases are congruent
// (`cminus::pointsto::may_alias`); CEGAR said SAFE here before session 44.
void reach_error(void);
struct S { char a; char b; };
int main(void) {
    struct S s = {0, 0};
    struct S *q = (struct S *)((char *)&s + 1);
    q->a = 5;
    if (s.b == 5)
        reach_error();
    return 0;
}
