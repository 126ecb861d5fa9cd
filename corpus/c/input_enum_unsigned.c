// slam: lowers
// expect: VIOLATION
// An enum without negative constants is unsigned int in gcc: -1 stored in it is large.
void reach_error(void);
int __VERIFIER_nondet_int(void);
enum state { IDLE, BUSY, DONE };
int main(void) {
  enum state s = __VERIFIER_nondet_int();
  if (s > DONE && (int)s < 0) reach_error();
  return 0;
}
