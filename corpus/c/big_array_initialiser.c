// slam: lowers
// expect: VIOLATION
// An initialised array longer than the items the logic writes one by one (256): the items
// past them that are not zero must still be written, or c2bp sees zeros there (wrong SAFE
// before session 3).
extern void reach_error(void);
int tab[300] = { [299] = 7 };
int main(void) {
  if (tab[299] == 7) reach_error();
  return 0;
}
