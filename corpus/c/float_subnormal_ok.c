// slam: lowers
// expect: SAFE
// Subnormals are numbers (no flush to zero at -O0): the smallest positive float halved rounds
// to zero (a tie, to even), doubled it is the next subnormal.
void reach_error(void);
int main(void) {
  volatile float tiny = 1.40129846e-45f;
  if (tiny == 0.0f) reach_error();
  if (tiny / 2.0f != 0.0f) reach_error();
  if (tiny * 2.0f != 2.80259693e-45f) reach_error();
  volatile double dt = tiny;
  if ((float)(dt * 1.5) != 2.80259693e-45f) reach_error();
  return 0;
}
