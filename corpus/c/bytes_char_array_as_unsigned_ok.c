// slam: lowers
// expect: SAFE
// The safe twin of bytes_char_array_as_unsigned_bug.c: the bytes read little-endian are
// 0x00000201, never 0x01020000.
void reach_error(void);
int main(void) {
    unsigned char b[4] = {1, 2, 0, 0};
    unsigned *p = (unsigned *)(void *)b;
    if (*p == 0x01020000u)
        reach_error();
    return 0;
}
