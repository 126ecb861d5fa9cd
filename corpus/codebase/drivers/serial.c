/* serial.c — a UART driver. No main: its entry points are the functions the project file
 * names (serial_write, serial_read). Expected (spinlock): serial_write VIOLATION (the lock
 * is taken twice when the request overflows the FIFO), serial_read SAFE.
 * SERIAL_FIFO comes from config.h, force-included by compile_commands.json. */
#include "kernel.h"

KSPIN_LOCK fifo_lock;
int fifo_count;

static void drain(void) {
    fifo_count = 0;
}

int serial_write(int length) {
    KIRQL irql;
    KeAcquireSpinLock(&fifo_lock, &irql);
    if (length > SERIAL_FIFO) {
        drain();
        KeAcquireSpinLock(&fifo_lock, &irql);
    }
    fifo_count = fifo_count + length;
    KeReleaseSpinLock(&fifo_lock, irql);
    return 0;
}

int serial_read(int length) {
    KIRQL irql;
    int n;
    KeAcquireSpinLock(&fifo_lock, &irql);
    n = fifo_count;
    if (n > length)
        n = length;
    fifo_count = fifo_count - n;
    KeReleaseSpinLock(&fifo_lock, irql);
    return n;
}
