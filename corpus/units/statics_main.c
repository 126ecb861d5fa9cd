// Two translation units each define `static int helper(void)` and `static int counter`
// (internal linkage: each unit's are its own). Checked together with statics_other_ok.c
// (SAFE) or statics_other_bug.c (VIOLATION): crates/slam/tests/units.rs.
void reach_error(void);
int other(void);
static int helper(void) { return 1; }
static int counter;
int main(void) {
    counter = 5;
    // SAFE only if main's call reaches this unit's helper (1) and other's reaches its own (2)
    if (helper() + other() != 3)
        reach_error();
    // the other unit's `counter` is another object
    if (counter != 5)
        reach_error();
    return 0;
}
