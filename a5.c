void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main() { unsigned h = __VERIFIER_nondet_uint(); unsigned x = h * 65599u; if (h == 3 && x != 196797u) reach_error(); if (-(unsigned)1 != 4294967295u) reach_error(); int s = -8; if ((s >> 1) != -4) reach_error(); if ((unsigned)s >> 28 != 15) reach_error(); return 0; }
