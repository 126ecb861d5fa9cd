/* kernel.h — the small kernel API the drivers of this example project share. */
#ifndef KERNEL_H
#define KERNEL_H

typedef unsigned long KSPIN_LOCK;
typedef KSPIN_LOCK *PKSPIN_LOCK;
typedef unsigned char KIRQL;
typedef KIRQL *PKIRQL;

void KeAcquireSpinLock(PKSPIN_LOCK lock, PKIRQL old);
void KeReleaseSpinLock(PKSPIN_LOCK lock, KIRQL old);

void reach_error(void);
int __VERIFIER_nondet_int(void);

#endif
