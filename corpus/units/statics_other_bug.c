// The second unit of statics_main.c, with a bug: its own helper returns 3, so 1 + 3 != 3.
static int helper(void) { return 3; }
static int counter = 7;
int other(void) {
    counter++;
    return helper();
}
