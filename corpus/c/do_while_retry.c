// slam: lowers
// expect: SAFE
int hw_ready(void);
int main(void) {
  int tries = 0;
  int ok;
  do {
    ok = hw_ready();
    tries++;
  } while (!ok && tries < 5);
  if (tries > 5) reach_error();
  return ok;
}
