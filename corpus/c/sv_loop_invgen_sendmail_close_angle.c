// slam: lowers
// expect: SAFE
// SV-COMP task c/loop-invgen/sendmail-close-angle.i of github.com/sosy-lab/sv-benchmarks (commit
// 0af179a4d404bea721cd725297cf9dda5e4a20b0; expected verdict true in its sendmail-close-angle.yml).
// CEGAR unrolled the loops (k == 1, k == 2, ...) until the time limit: the proof needs the
// loop invariants that engine::houdini proves before the first abstraction.
extern void __VERIFIER_error(void);
extern void abort(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: __VERIFIER_error();
  }
  return;
}
int __VERIFIER_nondet_int();
int main ()
{
  int in;
  int inlen = __VERIFIER_nondet_int();
  int bufferlen = __VERIFIER_nondet_int();
  int buf;
  int buflim;
  if(bufferlen >1);else goto END;
  if(inlen > 0);else goto END;
  if(bufferlen < inlen);else goto END;
  buf = 0;
  in = 0;
  buflim = bufferlen - 2;
  while (__VERIFIER_nondet_int())
  {
    if (buf == buflim)
      break;
    __VERIFIER_assert(0<=buf);
    __VERIFIER_assert(buf<bufferlen);
    buf++;
out:
    in++;
    __VERIFIER_assert(0<=in);
    __VERIFIER_assert(in<inlen);
  }
    __VERIFIER_assert(0<=buf);
    __VERIFIER_assert(buf<bufferlen);
    buf++;
  __VERIFIER_assert(0<=buf);
  __VERIFIER_assert(buf<bufferlen);
  buf++;
 END: return 0;
}
