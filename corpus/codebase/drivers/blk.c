/* blk.c — a block driver. No main and none of the named entries: every externally visible
 * function is an entry, called with arbitrary arguments (blk_check_sector is static).
 * Expected: blk_submit VIOLATION of reach_error (a sector past the end reaches it),
 * blk_flush SAFE; both SAFE for the spinlock rule. */
#include "kernel.h"

#define BLK_SECTORS 1024

int pending;

static int blk_check_sector(int sector) {
    return sector >= 0 && sector <= BLK_SECTORS;
}

int blk_submit(int sector) {
    if (!blk_check_sector(sector))
        return -1;
    if (sector == BLK_SECTORS)
        reach_error(); /* off by one: the check above lets the last sector + 1 through */
    pending = pending + 1;
    return 0;
}

void blk_flush(void) {
    pending = 0;
    if (pending != 0)
        reach_error();
}
