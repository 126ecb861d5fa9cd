/* A small stand-in for the C library headers the corpus programs use. */
#ifndef LIBC_STUB_H
#define LIBC_STUB_H

#define NULL ((void *)0)
typedef unsigned long size_t;
typedef struct _IO_FILE FILE;

FILE *fopen(const char *path, const char *mode);
int fclose(FILE *f);
int fprintf(FILE *f, const char *fmt, ...);
int fgetc(FILE *f);
int fputc(int c, FILE *f);
int fputs(const char *s, FILE *f);
char *fgets(char *s, int n, FILE *f);
size_t fread(void *p, size_t size, size_t n, FILE *f);
size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
int fflush(FILE *f);

void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void free(void *p);
void *memset(void *p, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
size_t strlen(const char *s);

/* the verification harness's source of unknown values */
int nondet_int(void);

#endif
