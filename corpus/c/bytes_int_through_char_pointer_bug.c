// slam: lowers
// expect: VIOLATION
// Issue 27, minimal program 2: one byte of an unsigned written through a char pointer.
void reach_error(void);
int main(void) {
    unsigned x = 0x11223344u;
    unsigned char *c = (unsigned char *)&x;
    c[1] = 0;
    if (x == 0x11220044u)
        reach_error();
    return 0;
}
