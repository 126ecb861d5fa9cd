// slam: lowers
// expect: VIOLATION
// Issue 27, minimal program 4: gcc compares addresses as unsigned numbers.
void reach_error(void);
int main(void) {
    void *lo = 0, *hi = (void *)-1;
    if (hi > lo)
        reach_error();
    return 0;
}
