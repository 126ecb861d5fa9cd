// slam: lowers
// expect: VIOLATION
// SV-COMP's property is that the call of reach_error() is unreachable, whatever its body:
// an empty reach_error() that is called is a violation.
void reach_error() {}
int main() {
  reach_error();
  return 0;
}
