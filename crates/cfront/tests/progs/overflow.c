/* __builtin_{add,sub,mul}_overflow on operands of every width and signedness near the limits. */
typedef unsigned long ul;
typedef unsigned char uc;
unsigned h;
static void mix(unsigned long long v) { h = h * 31u + (unsigned)v; h = h * 31u + (unsigned)(v >> 32); }
#define T(op, A, B, R, x, y)                                     \
  {                                                              \
    A a_ = (A)(x);                                               \
    B b_ = (B)(y);                                               \
    R r_ = 0;                                                    \
    int o_ = __builtin_##op##_overflow(a_, b_, &r_);             \
    mix((unsigned long long)o_);                                 \
    mix((unsigned long long)r_);                                 \
  }
#define ALL(A, B, R, x, y) T(add, A, B, R, x, y) T(sub, A, B, R, x, y) T(mul, A, B, R, x, y)
long bases[12] = {0, 2147483647L, -2147483647L - 1, 4294967295L, 9223372036854775807L,
                  -9223372036854775807L - 1, -1, 4294967296L, 2147483648L, 3037000499L,
                  65536, 46341};
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  long x = bases[(unsigned)i % 12u] + j;
  long y = bases[(unsigned)k % 12u] - i;
  long z = (long)i * j;
  ALL(int, int, int, x, y)
  ALL(unsigned, unsigned, unsigned, x, y)
  ALL(int, unsigned, int, x, y)
  ALL(unsigned, int, unsigned, y, x)
  ALL(signed char, int, signed char, z, y)
  ALL(uc, short, short, x, z)
  ALL(long, long, long, x, y)
  ALL(ul, ul, ul, x, y)
  ALL(long, ul, long, x, y)
  ALL(ul, long, ul, y, x)
  ALL(int, long, unsigned, z, y)
  ALL(ul, ul, int, x, z)
  ALL(long, long, uc, z, j)
  ALL(unsigned, unsigned, long, x, y)
  ALL(long long, unsigned long long, long long, y, z)
  ALL(int, int, ul, x, z)
  {
    int r;
    mix(__builtin_sadd_overflow((int)x, (int)y, &r)); mix(r);
    long lr;
    mix(__builtin_smull_overflow(x, y, &lr)); mix(lr);
    unsigned long long ur;
    mix(__builtin_usubll_overflow(x, y, &ur)); mix(ur);
    mix(__builtin_add_overflow_p(x, y, (int)0));
    mix(__builtin_mul_overflow_p(x, z, (ul)0));
  }
  return h & 0x7f;
}
