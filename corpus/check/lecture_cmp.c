// expect: SAFE
// The c2bp lecture's example: cmp sets g to whether its arguments differ, and main only
// reaches the error when g says "equal" but x != y. Needs the predicates a == b in cmp,
// g == 0 globally and x == y in main — the last two come from the refinement.
int g;

void cmp(int a, int b) {
    if (a == b)
        g = 0;
    else
        g = 1;
}

int main(int x, int y) {
    cmp(x, y);
    if (!g) {
        if (x != y)
            reach_error();
    }
    return 0;
}
