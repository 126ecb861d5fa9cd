// slam: lowers
// expect: VIOLATION
// GNU C that lang-c does not parse, as Redis writes it: `__thread` storage (as C11's
// `_Thread_local`; a check runs one thread) and `__auto_type`, which gcc's <stdatomic.h>
// uses for every `atomic_load_explicit` (rewritten by the front end as
// `__typeof__(((void)0, e))`: the type after lvalue conversion and decay, no promotion — a
// `char` stays one byte, an array becomes a pointer). Before session 53 these units did not
// lower. The error is reached only with gcc's values (checked: gcc's program aborts there).
#include <stdatomic.h>
void reach_error(void);
static __thread int depth;
static _Atomic long counter;
static char name[16];
int main(void) {
  depth++;
  atomic_store_explicit(&counter, 5, memory_order_relaxed);
  long v = atomic_load_explicit(&counter, memory_order_relaxed);
  atomic_fetch_add_explicit(&counter, 2, memory_order_relaxed);
  __auto_type c = (char)1;
  __auto_type p = name;
  if (v == 5 && atomic_load(&counter) == 7 && sizeof(c) == 1 && sizeof(p) == sizeof(char *) && depth == 1)
    reach_error();
  return 0;
}
