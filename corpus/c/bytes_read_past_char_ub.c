// slam: lowers
// expect: UNKNOWN
// unknown at check: the read is undefined behaviour (four bytes of a one-byte object)
// Issue 27, minimal program 3: four bytes read from a one-byte object. C leaves the value
// undefined (gcc -O0 reads whatever lies after t): never SAFE.
void reach_error(void);
int main(void) {
    char t = 7;
    unsigned *q = (unsigned *)(void *)&t;
    if (*q != 7u)
        reach_error();
    return 0;
}
