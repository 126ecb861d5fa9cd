void swap(int *x, int *y) { int t = *x; *x = *y; *y = t; }
int sum(int *p, int n) { int s = 0; int i; for (i = 0; i < n; i++) s += p[i]; return s; }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int arr[5] = {1, 2, 3};
  int *p = &arr[1];
  swap(&a, &b);
  *p = a;
  p++;
  *(p + 1) = b;
  int **pp = &p;
  **pp += 4;
  int s = sum(arr, 5);
  if (a > b && s > 10) reach_error();
  int *q = arr + 4;
  return (s + (int)(q - p)) & 0x7f;
}
