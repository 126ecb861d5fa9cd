extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);
int main() { unsigned x = __VERIFIER_nondet_uint(); if (x == 65536u && x * x == 0u) reach_error(); return 0; }
