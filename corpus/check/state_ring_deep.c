// expect: SAFE
// A hardware pipeline of seven stage registers: on every clock tick each stage takes the
// value of the one before it, and the first stage is only ever loaded with 0. So the last
// stage stays 0 — but seeing it takes one predicate per stage (r6 == 0, r5 == 0, …,
// r0 == 0), and each refinement finds the next one: more than five iterations.
int r0, r1, r2, r3, r4, r5, r6;

void clock_tick(void) {
    r6 = r5;
    r5 = r4;
    r4 = r3;
    r3 = r2;
    r2 = r1;
    r1 = r0;
    r0 = 0;
}

int main(void) {
    r0 = r1 = r2 = r3 = r4 = r5 = r6 = 0;
    while (__VERIFIER_nondet_int())
        clock_tick();
    if (r6 != 0)
        reach_error();
    return 0;
}
