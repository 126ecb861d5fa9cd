// slam: lowers
// expect: SAFE
// Linux-style file_operations table: open/release must pair.
struct file { int f_count; void *private_data; };
struct file_operations {
  int (*open)(struct file *);
  int (*release)(struct file *);
  long (*ioctl)(struct file *, unsigned int, unsigned long);
};
static int opened;
static int my_open(struct file *f) { if (opened) return -16; opened = 1; f->f_count++; return 0; }
static int my_release(struct file *f) { if (!opened) reach_error(); opened = 0; f->f_count--; return 0; }
static long my_ioctl(struct file *f, unsigned int cmd, unsigned long arg) {
  if (!opened) reach_error();
  return cmd == 1 ? (long)arg : -22;
}
static const struct file_operations fops = { .open = my_open, .release = my_release, .ioctl = my_ioctl };
int main(void) {
  struct file f = { 0, 0 };
  const struct file_operations *ops = &fops;
  int n = 0;
  while (n++ < 4) {
    if (ops->open(&f) == 0) {
      if (__VERIFIER_nondet_int()) ops->ioctl(&f, 1, 42);
      ops->release(&f);
    }
  }
  return 0;
}
