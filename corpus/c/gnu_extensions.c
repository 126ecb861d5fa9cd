// slam: lowers
// expect: SAFE
// GNU C as it appears in Linux: attributes, __extension__, typeof, builtins, statement expressions, asm.
#define likely(x) __builtin_expect(!!(x), 1)
#define max(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); _a > _b ? _a : _b; })
struct __attribute__((packed)) hdr { unsigned char type; unsigned short len; };
static inline __attribute__((always_inline)) int hdr_ok(const struct hdr *h) { return h->len < 1500; }
__extension__ typedef unsigned long long u64;
static unsigned long read_cr0(void) { unsigned long v; asm volatile("mov %%cr0, %0" : "=r"(v)); return v; }
int main(void) {
  struct hdr h = { 1, 60 };
  u64 big = 1ULL << 40;
  int m = max(3, __VERIFIER_nondet_int());
  unsigned long cr0 = read_cr0();
  (void)cr0;
  if (m < 3) reach_error();
  if (likely(hdr_ok(&h)) && big == 0) reach_error();
  __asm__ __volatile__("" ::: "memory");
  return 0;
}
