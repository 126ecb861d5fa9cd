// slam: lowers
// expect: VIOLATION
// Concrete runs on pseudo-random inputs never take the branch, so they suggest `k == 0` at
// the loop head; Houdini (engine::houdini) must refute it on the path that sets k, or the
// assumption at the head would hide the bug (a wrong SAFE).
// random runs miss it: n == 1234567 (that is the point).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0, k = 0;
    if (n == 1234567)
        k = 1;
    while (i < 3)
        i++;
    if (k == 1)
        reach_error();
    return 0;
}
