// slam: lowers
// expect: SAFE
// Code as CIL emits it: loops as labels and gotos, temporaries everywhere.
int main(void) {
  int i; int n; int sum; int tmp; int tmp___0;
  n = __VERIFIER_nondet_int();
  if (n < 0) { goto return_label; }
  i = 0; sum = 0;
  {
  while_0_continue: /* CIL Label */ ;
  if (! (i < n)) { goto while_0_break; }
  tmp = i; i = i + 1; sum = sum + tmp;
  goto while_0_continue;
  while_0_break: /* CIL Label */ ;
  }
  if (i != n) { tmp___0 = 1; } else { tmp___0 = 0; }
  if (tmp___0) { ERROR: reach_error(); }
  return_label:
  return 0;
}
