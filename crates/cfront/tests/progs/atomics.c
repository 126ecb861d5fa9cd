/* __atomic_* and __sync_* builtins in one thread: their documented effect and results. */
#include <stdbool.h>
unsigned h;
static void mix(long v) { h = h * 31u + (unsigned)v; }
int g;
unsigned char flag;
struct flg { unsigned char v; } sf;
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  long l = a;
  signed char c = (signed char)b;
  g = a;
  mix(__atomic_load_n(&g, __ATOMIC_SEQ_CST));
  __atomic_store_n(&g, b, __ATOMIC_RELEASE); mix(g);
  mix(__atomic_exchange_n(&g, a + 1, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_fetch_add(&g, b, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_fetch_sub(&l, 7, __ATOMIC_SEQ_CST)); mix(l);
  mix(__atomic_fetch_and(&g, 0x5a, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_fetch_or(&g, b, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_fetch_xor(&g, a, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_fetch_nand(&g, b, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_add_fetch(&c, 100, __ATOMIC_SEQ_CST)); mix(c);
  mix(__atomic_sub_fetch(&g, a, __ATOMIC_SEQ_CST)); mix(g);
  mix(__atomic_nand_fetch(&c, a, __ATOMIC_SEQ_CST)); mix(c);
  int e = a;
  mix(__atomic_compare_exchange_n(&g, &e, 42, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)); mix(g); mix(e);
  g = b; e = b;
  mix(__atomic_compare_exchange_n(&g, &e, a * 3, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)); mix(g); mix(e);
  int d = 9, o = 0;
  mix(__atomic_compare_exchange(&g, &e, &d, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)); mix(g); mix(e);
  __atomic_load(&g, &o, __ATOMIC_SEQ_CST); mix(o);
  __atomic_store(&g, &d, __ATOMIC_SEQ_CST); mix(g);
  __atomic_exchange(&g, &a, &o, __ATOMIC_SEQ_CST); mix(g); mix(o);
  flag = (unsigned char)(a & 1);
  mix(__atomic_test_and_set(&flag, __ATOMIC_SEQ_CST)); mix(flag);
  __atomic_clear(&flag, __ATOMIC_SEQ_CST); mix(flag);
  mix(__atomic_test_and_set(&sf, __ATOMIC_SEQ_CST)); mix(sf.v);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  mix(__atomic_always_lock_free(sizeof(long), 0));
  g = a;
  mix(__sync_fetch_and_add(&g, 3)); mix(g);
  mix(__sync_fetch_and_sub(&g, b)); mix(g);
  mix(__sync_fetch_and_or(&g, 12)); mix(g);
  mix(__sync_fetch_and_and(&g, b)); mix(g);
  mix(__sync_fetch_and_xor(&g, a)); mix(g);
  mix(__sync_fetch_and_nand(&g, b)); mix(g);
  mix(__sync_add_and_fetch(&g, 3)); mix(g);
  mix(__sync_sub_and_fetch(&l, b)); mix(l);
  mix(__sync_or_and_fetch(&g, 12)); mix(g);
  mix(__sync_and_and_fetch(&g, b)); mix(g);
  mix(__sync_xor_and_fetch(&g, a)); mix(g);
  mix(__sync_nand_and_fetch(&g, b)); mix(g);
  g = a;
  mix(__sync_bool_compare_and_swap(&g, b, 5)); mix(g);
  mix(__sync_val_compare_and_swap(&g, a, 6)); mix(g);
  mix(__sync_val_compare_and_swap(&g, 6, 7)); mix(g);
  mix(__sync_lock_test_and_set(&g, b)); mix(g);
  __sync_lock_release(&g); mix(g);
  __sync_synchronize();
  mix(__builtin_bswap16((unsigned short)(a * 4099)));
  mix(__builtin_bswap32((unsigned)a * 2654435761u));
  mix((long)(__builtin_bswap64((unsigned long)l * 11400714819323198485ul) >> 20));
  if (__builtin_expect(a > b, 0)) mix(1);
  unsigned m = (unsigned)a * 2654435761u;
  unsigned long ml = (unsigned long)l * 11400714819323198485ul;
  mix(__builtin_popcount(m)); mix(__builtin_popcountl(ml)); mix(__builtin_popcountll(ml >> 3));
  mix(__builtin_parity(m)); mix(__builtin_parityll(ml));
  mix(__builtin_ffs(a)); mix(__builtin_ffs(b << 7)); mix(__builtin_ffsl(l << 40)); mix(__builtin_ffs(0));
  if (m) { mix(__builtin_clz(m)); mix(__builtin_ctz(m)); }
  if (a) { mix(__builtin_clz((unsigned)a)); mix(__builtin_ctz(a << 3)); }
  if (ml >> (b & 63)) mix(__builtin_clzl(ml >> (b & 63)));
  if (ml) mix(__builtin_ctzll(ml));
  return h & 0x7f;
}
