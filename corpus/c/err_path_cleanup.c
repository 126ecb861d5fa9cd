// slam: lowers
// expect: SAFE
// Linux-style error unwinding with goto labels.
#include <stdlib.h>
int irq_requested, mem_allocated;
int request_irq(void) { if (__VERIFIER_nondet_int()) return -16; irq_requested = 1; return 0; }
void free_irq(void) { if (!irq_requested) reach_error(); irq_requested = 0; }
int probe(void) {
  int err;
  void *buf = malloc(64);
  if (!buf) return -12;
  mem_allocated = 1;
  err = request_irq();
  if (err) goto out_free;
  if (__VERIFIER_nondet_int()) { err = -5; goto out_irq; }
  return 0;
out_irq:
  free_irq();
out_free:
  free(buf);
  mem_allocated = 0;
  return err;
}
int main(void) {
  int r = probe();
  if (r != 0 && (irq_requested || mem_allocated)) reach_error();
  return 0;
}
