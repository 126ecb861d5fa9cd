/* A small stand-in for the Linux kernel headers the corpus modules use, in plain C. */
#ifndef LINUX_STUB_H
#define LINUX_STUB_H

#define NULL ((void *)0)
#define EINTR 4
#define ENOMEM 12
#define EBUSY 16

struct mutex {
    int owner;
};
struct device {
    int id;
    int refs;
};

void mutex_lock(struct mutex *lock);
int mutex_lock_interruptible(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

struct device *get_device(struct device *dev);
void put_device(struct device *dev);

void disable_irq(unsigned int irq);
void disable_irq_nosync(unsigned int irq);
void enable_irq(unsigned int irq);
void msleep(unsigned int msecs);

/* the verification harness's source of unknown values */
int nondet_int(void);

#endif
