// expect: VIOLATION
// Deep bug (issue 14): the error needs the sum computed by two nested loops (100 x 50
// iterations), in the style of SV-COMP's loop-simple tasks.
extern void reach_error(void);

int main(void) {
    unsigned a, b, sum = 0;
    for (a = 0; a < 100; a++)
        for (b = 0; b < 50; b++)
            sum += a ^ b;
    if (sum == 265932u)
        reach_error();
    return 0;
}
