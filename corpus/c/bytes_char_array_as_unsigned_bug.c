// slam: lowers
// expect: VIOLATION
// Issue 27, minimal program 1: a char array read through an unsigned pointer; gcc -O0 on
// x86-64 reads the four bytes little-endian, 0x00000201.
void reach_error(void);
int main(void) {
    unsigned char b[4] = {1, 2, 0, 0};
    unsigned *p = (unsigned *)(void *)b;
    if (*p == 0x0201u)
        reach_error();
    return 0;
}
