// slam: lowers
// expect: VIOLATION
// random runs miss it: the code must be 42
// A bug on a path through snprintf that does not read the formatted text (zlib's gz_error
// formats its message so): the bytes snprintf writes are unknown to the proofs and marked
// as the library's in the interpreter, which goes on through the call and stops only where
// a value it wrote is read — so this bug replays (and gcc's run confirms it).
#include <stdio.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
static void report(char *out, size_t n, int code) {
    snprintf(out, n, "error %d", code);
}
int main(void) {
    char msg[16];
    int code = __VERIFIER_nondet_int();
    report(msg, sizeof msg, code);
    if (code == 42)
        reach_error();
    return 0;
}
