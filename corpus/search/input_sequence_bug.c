// expect: VIOLATION
// Deep bug (issue 14): a protocol reaches its error state only after a specific sequence of
// three inputs (17, 42, 7) read in a loop; every other input resets it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int state = 0;
    while (__VERIFIER_nondet_int()) {
        int x = __VERIFIER_nondet_int();
        if (state == 0 && x == 17)
            state = 1;
        else if (state == 1 && x == 42)
            state = 2;
        else if (state == 2 && x == 7)
            state = 3;
        else
            state = 0;
    }
    if (state == 3)
        reach_error();
    return 0;
}
