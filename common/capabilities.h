/* What each chapter can transform, in one table, so that a chapter refusing a size can
 * say which chapter can do it. Later chapters add their row here. */
#ifndef FFTLAB_CAPABILITIES_H
#define FFTLAB_CAPABILITIES_H

#include <stddef.h>

struct fl_capability {
    const char *chapter;     /* "02_radix2" */
    const char *sizes;       /* for people: "powers of two up to 2^28" */
    const unsigned *primes;  /* allowed prime factors of N, 0-terminated; NULL = any N */
    size_t max_n;            /* largest transform length (all dimensions together) */
    int max_dims;
    int min_dims;            /* 0 or 1: 1-D shapes too; 2: only arrays of 2 or 3 axes */
    int planned;             /* 1: a chapter not written yet; named as coming, never as
                                one that can */
};

const struct fl_capability *fl_capability_of(const char *chapter);

/* 0 if CHAPTER can transform the shape DIMS[0..ndims); else -1 and WHY says what rule
 * was broken and which chapters can do it. */
int fl_capability_check(const char *chapter, const size_t *dims, int ndims, char *why,
                        size_t len);

#endif
