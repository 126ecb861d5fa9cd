void reach_error(void);
int main() { unsigned long x = 0xffffffffffffffffUL; if (x + 1 == 0) reach_error(); return 0; }
