static int counter = 5;
int data[6] = {1, 2, [4] = 9};
struct cfg { int mode; char name[8]; int flags[2]; } conf = { 3, "drv", { 1 } };
const char *msg = "hello";
int next(void) { static int n = 10; n += counter; return n; }
int my_strlen(const char *s) { int i = 0; while (s[i]) i++; return i; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int r = next();
  r += next();
  r += data[4] + data[5] + data[1];
  r += conf.mode + conf.name[1] + conf.flags[0] + conf.flags[1];
  r += my_strlen(msg) + my_strlen(conf.name) + (int)sizeof(conf.name);
  char buf[] = "xy";
  r += sizeof(buf) + buf[1];
  if (a == r) reach_error();
  return r & 0x7f;
}
