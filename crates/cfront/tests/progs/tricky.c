typedef struct node node_t;
struct node { node_t *next; int v; };
struct outer { struct inner { int x; int y; } in; int arr[2][3]; };
enum { SHIFT = 1 << 2, MASK = SHIFT | 1 };
typedef int (*cmp_t)(const void *, const void *);
static const int tbl[] = { 4, 5, 6, 7 };
int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int counter;
int next(void) { return counter < 5 ? ++counter : 0; }
void nothing(void) {}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i, j, x, y, z, c, r = 0;
  int m[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
  struct outer o = { { 1, 2 }, { { 0 } } };
  node_t n2 = { 0, 20 }, n1 = { &n2, 10 };
  node_t *arr[2] = { &n1, &n2 };
  cmp_t f = cmp_int;
  __typeof__(a) t = a * 2;
  _Bool b = &n1;
  unsigned long big = -1;
  char buf[16];
  int *lit = (int[]){ 7, 8, 9 };
  x = y = z = 3;
  for (i = 0, j = 10; i < j; i++, j--) r += j - i;
  while ((c = next()) != 0) r += c;
  for (;;) { if (++x > 6) break; }
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++) { o.arr[i][j] = m[i][j] * 2; if (j == 1) continue; r += o.arr[i][j]; }
  buf[0] = '\0'; buf[1] = 'a';
  r += MASK + (int)(sizeof tbl / sizeof tbl[0]) + tbl[a & 3];
  r += arr[1]->v + arr[0]->next->v + o.in.y + b + (int)(big >> 60) + buf[1] + lit[2];
  r += f(&tbl[2], &tbl[0]) + (int)sizeof(int) * 3;
  nothing();
  if ((x = a) > 3) r += 1000;
  r += (a, t);
  switch (a & 7) { case 1: while (r > 0) { r -= 100; if (r < 50) break; } break; case 2: r++; default: r += 2; }
  return r & 0x7f;
}
