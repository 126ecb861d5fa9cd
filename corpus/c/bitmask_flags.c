// slam: lowers
// expect: SAFE
#define F_OPEN 0x1u
#define F_BUSY 0x2u
#define F_ERR  0x80u
unsigned int flags;
void set_busy(void) { flags |= F_BUSY; }
void clear_busy(void) { flags &= ~F_BUSY; }
int main(void) {
  flags = F_OPEN;
  if (__VERIFIER_nondet_int()) set_busy();
  clear_busy();
  if (flags & F_BUSY) reach_error();
  if (!(flags & F_OPEN)) reach_error();
  flags ^= F_ERR;
  if ((flags >> 7) != 1u) reach_error();
  return 0;
}
