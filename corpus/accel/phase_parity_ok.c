// expect: SAFE
// Acceleration (issue 30, item 2): a counter steps by 1 up to 1000 and by 2 beyond it, so it
// is even from 1000 on and ends at 1000000, never 1000001. The proof needs `x % 2 == 0`, which Newton (one trip per round) does
// not find; the counter's closed form gives it (`engine::accel`).
extern void reach_error(void);

int main(void) {
    unsigned int x = 0;
    while (x < 1000000u) {
        if (x < 1000u)
            x += 1;
        else
            x += 2;
    }
    if (x == 1000001u)
        reach_error();
    return 0;
}
