// slam: lowers
// expect: SAFE
struct entry { const char *name; int id; int flags[2]; };
struct entry table[] = {
  { "alpha", 1, { 0, 1 } },
  { "beta", 2 },
  [3] = { .id = 4, .name = "delta" },
};
int lookup(int id) {
  unsigned i;
  for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
    if (table[i].id == id) return (int)i;
  return -1;
}
int main(void) {
  if (lookup(4) != 3) reach_error();
  if (table[2].id != 0 || table[2].name != 0) reach_error();
  if (table[1].flags[1] != 0 || table[0].flags[1] != 1) reach_error();
  return lookup(__VERIFIER_nondet_int());
}
