// slam: lowers
// expect: SAFE
// A driver's IRP stack: the dispatch routine copies the current stack location into the
// next one (`sp - 1`, as IoCopyCurrentIrpStackLocationToNext does) with memcpy and field
// writes, then reads the current one again through the IRP. Byte memory: the proof needs
// the writes through `sp - 1` apart from `irp.Tail.s.Cur` (a field of another object, by
// the points-to analysis) and the memcpy's bytes apart from `Cur->Minor` (Newton's overlap
// predicate for an aggregate write). gcc -O0: exits 0. Before session 47: UNKNOWN.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
typedef struct { unsigned char Major, Minor; unsigned char Control; void *Context; void *Completion; } SL;
typedef struct { struct { int Status; } IoStatus; int pad; union { struct { SL *Cur; } s; int x[2]; } Tail; } IRP;
IRP *pirp;
void copy_next(IRP *i) { SL *sp = i->Tail.s.Cur; SL *nx = sp - 1; memcpy(nx, sp, 2); nx->Control = 0; nx->Context = 0; }
int dispatch(IRP *i) { SL *sp = i->Tail.s.Cur; if (sp->Minor != 3) { copy_next(i); i->IoStatus.Status = 1; if (i->Tail.s.Cur->Minor == 3) reach_error(); } return 0;}
int main() { IRP irp; SL stack[3]; stack[2].Minor = (unsigned char)__VERIFIER_nondet_int(); irp.Tail.s.Cur = &stack[2]; pirp = &irp; pirp->IoStatus.Status = 0; dispatch(pirp); return 0; }
