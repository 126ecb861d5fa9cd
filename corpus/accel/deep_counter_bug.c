// expect: VIOLATION
// Acceleration (issue 30, item 2): the error is reached after ten million trips around a
// counting loop. Newton refines one trip per round and the search's runs stop at their step
// limit; the path with the loop accelerated (i = 2k, n = k) is feasible with k = 10^7, and
// the compiled program, run by `--confirm exec`, reaches the error.
extern void reach_error(void);

int main(void) {
    unsigned int i = 0, n = 0;
    while (i < 20000000u) {
        i += 2;
        n += 1;
    }
    if (n == 10000000u)
        reach_error();
    return 0;
}
