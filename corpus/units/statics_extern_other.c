// The second unit of statics_extern_main.c: a static helper no other unit can call.
static int helper(void) { return 0; }
int other(void) { return helper(); }
