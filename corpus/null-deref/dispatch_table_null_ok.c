// expect: SAFE
// The safe twin of dispatch_table_null_bug.c: the missing operation is checked before the
// call through the table.
extern int __VERIFIER_nondet_int(void);
struct ops { int (*open)(int); int (*close)(int); };
static int uart_open(int port) { return port; }
static int uart_close(int port) { return 0; }
static struct ops devices[2] = { { uart_open, uart_close }, { 0, uart_close } };
static int open_device(int k, int port) {
  if (!devices[k].open) return -1;
  return devices[k].open(port);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  return open_device(k, 3);
}
