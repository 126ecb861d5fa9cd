// The second unit of statics_main.c: its own helper returns 2, its own counter starts at 7.
static int helper(void) { return 2; }
static int counter = 7;
int other(void) {
    counter++;
    return helper();
}
