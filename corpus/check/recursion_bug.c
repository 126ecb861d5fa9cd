// expect: VIOLATION
// Recursion: the depth counter of a recursive parser is checked against a limit that the
// recursion can exceed by one (off-by-one in the guard).
int max_depth_seen;

void parse(int depth) {
    if (depth > max_depth_seen)
        max_depth_seen = depth;
    if (max_depth_seen > 3)
        reach_error();
    if (depth < 3 && __VERIFIER_nondet_int())
        parse(depth + 1);
    else if (depth <= 3 && __VERIFIER_nondet_int())
        parse(depth + 1);   /* bug: one level too deep */
}

int main(void) {
    max_depth_seen = 0;
    parse(0);
    return 0;
}
