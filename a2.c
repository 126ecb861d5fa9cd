void reach_error(void);
char a; char b;
int main() { if ((long)&b % 4 != 0) reach_error(); return 0; }
