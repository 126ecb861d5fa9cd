// slam: lowers
// expect: SAFE
// The safe twin of bytes_int_through_char_pointer_bug.c: after c[1] = 0 the other three
// bytes keep their values.
void reach_error(void);
int main(void) {
    unsigned x = 0x11223344u;
    unsigned char *c = (unsigned char *)&x;
    c[1] = 0;
    if (x != 0x11220044u)
        reach_error();
    return 0;
}
