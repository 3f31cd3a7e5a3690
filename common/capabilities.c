#include "capabilities.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const unsigned only_two[] = {2, 0};
static const unsigned seven_smooth[] = {2, 3, 5, 7, 0};

static const struct fl_capability table[] = {
    {"01_dft", "any N up to 65536, with O(N^2) work", NULL, (size_t)1 << 16, 1, 0, 0},
    {"02_radix2", "powers of two up to 2^28", only_two, (size_t)1 << 28, 1, 0, 0},
    {"03_local_memory", "powers of two up to 2^28", only_two, (size_t)1 << 28, 1, 0, 0},
    {"04_coalescing", "powers of two up to 2^28", only_two, (size_t)1 << 28, 1, 0, 0},
    {"05_register_radix", "powers of two up to 2^26", only_two, (size_t)1 << 26, 1, 0, 0},
    {"06_mixed_radix", "N = 2^a 3^b 5^c 7^d up to 2^26", seven_smooth, (size_t)1 << 26, 1, 0, 0},
    {"07_multidim", "shapes up to 3-D like 512x512x64, each axis 2^a 3^b 5^c 7^d, up to 2^26 "
     "points", seven_smooth, (size_t)1 << 26, 3, 0, 0},
    {"08_bluestein", "any N up to 2^24, primes too, by a chirp-z convolution", NULL,
     (size_t)1 << 24, 1, 0, 0},
    /* no bound on the points: the array is split over MPI ranks, below 2^31 values each */
    {"10_distributed", "2-D and 3-D arrays split over MPI ranks, each axis 2^a 3^b 5^c 7^d, "
     "below 2^31 values per rank", seven_smooth, SIZE_MAX, 3, 2, 0},
};

/* Chapters that transform real data (R2C and C2R). Their sizes are the real arrays'
 * (N reals), and the last axis must be even: N reals are packed as N/2 complex values
 * (the half-length trick). A complex chapter's refusal never names them (they take
 * other data); theirs name the complex chapters that could take the size, for data
 * given as complex with zero imaginary parts. */
static const struct fl_capability real_table[] = {
    {"09_real_input", "real arrays up to 3-D, every axis 2^a 3^b 5^c 7^d and the last one even, "
     "up to 2^26 reals", seven_smooth, (size_t)1 << 26, 3, 0, 0},
};

/* Chapters that compute something else than a transform of their input (fl_chapter.op):
 * their sizes are the input's; never named as a chapter that can transform a size. */
static const struct fl_capability op_table[] = {
    {"11_convolution", "1-D and 2-D signals up to 2^24 points (circular: every axis 2^a 3^b 5^c "
     "7^d)", NULL, (size_t)1 << 24, 2, 0, 0},
};

#define COUNT(t) (sizeof t / sizeof t[0])

static int is_real(const struct fl_capability *c)
{
    return c >= real_table && c < real_table + COUNT(real_table);
}

const struct fl_capability *fl_capability_of(const char *chapter)
{
    for (size_t i = 0; i < COUNT(table); i++)
        if (strcmp(table[i].chapter, chapter) == 0)
            return &table[i];
    for (size_t i = 0; i < COUNT(real_table); i++)
        if (strcmp(real_table[i].chapter, chapter) == 0)
            return &real_table[i];
    for (size_t i = 0; i < COUNT(op_table); i++)
        if (strcmp(op_table[i].chapter, chapter) == 0)
            return &op_table[i];
    return NULL;
}

/* Empty string if C can do it, else the rule it breaks. */
static void rule_broken(const struct fl_capability *c, const size_t *dims, int ndims,
                        char *buf, size_t len)
{
    size_t total = 1;
    buf[0] = '\0';
    for (int d = 0; d < ndims; d++)
        total *= dims[d];
    if (ndims < c->min_dims) {
        snprintf(buf, len, "it does %s", c->sizes);
        return;
    }
    if (ndims > c->max_dims) {
        snprintf(buf, len, "it does %d-dimensional transforms only", c->max_dims);
        return;
    }
    if (total > c->max_n) {
        snprintf(buf, len, "it does %s", c->sizes);
        return;
    }
    if (is_real(c) && ndims > 0 && dims[ndims - 1] % 2 != 0) {
        snprintf(buf, len, "its last axis must be even (R2C by the half-length trick packs N "
                 "reals as N/2 complex values)");
        return;
    }
    if (c->primes) {
        for (int d = 0; d < ndims; d++) {
            size_t m = dims[d];
            for (const unsigned *p = c->primes; *p; p++)
                while (m % *p == 0)
                    m /= *p;
            if (m != 1) {
                snprintf(buf, len, "it does %s", c->sizes);
                return;
            }
        }
    }
}

int fl_capability_check(const char *chapter, const size_t *dims, int ndims, char *why, size_t len)
{
    const struct fl_capability *c = fl_capability_of(chapter);
    char rule[160];
    if (!c) {
        snprintf(why, len, "chapter %s is missing from common/capabilities.c", chapter);
        return -1;
    }
    rule_broken(c, dims, ndims, rule, sizeof rule);
    if (!rule[0])
        return 0;
    char shape[96];
    int sl = 0;
    for (int d = 0; d < ndims; d++)
        sl += snprintf(shape + sl, sizeof shape - (size_t)sl, "%s%zu", d ? "x" : "", dims[d]);
    if (c >= op_table && c < op_table + COUNT(op_table)) {
        /* no transform chapter computes what it does: the rule alone */
        snprintf(why, len, "%s cannot take size %s: %s", chapter, shape, rule);
        return -1;
    }
    /* Written chapters that take the shape; planned ones only when no written FFT
     * chapter (one with a prime-factor rule, not the O(N^2) DFT) takes it. */
    char others[512], coming[256];
    int ol = 0, cl = 0, fft = 0;
    others[0] = coming[0] = '\0';
    for (size_t i = 0; i < COUNT(table); i++) {
        char r[160];
        rule_broken(&table[i], dims, ndims, r, sizeof r);
        if (r[0] || strcmp(table[i].chapter, chapter) == 0)
            continue;
        if (table[i].planned)
            cl += snprintf(coming + cl, sizeof coming - (size_t)cl, "%s%s (%s)", cl ? ", " : "",
                           table[i].chapter, table[i].sizes);
        else {
            ol += snprintf(others + ol, sizeof others - (size_t)ol, "%s%s (%s)", ol ? ", " : "",
                           table[i].chapter, table[i].sizes);
            fft |= table[i].primes != NULL;
        }
    }
    if (fft)
        cl = 0;
    snprintf(why, len, "%s cannot transform size %s: %s. %s%s%s%s%s", chapter, shape, rule,
             !ol ? "No chapter of this tutorial does that size yet."
                 : is_real(c) ? "Chapters that can, on complex input (imaginary parts 0): "
                              : "Chapters that can: ",
             others, ol ? "." : "", cl ? " Coming: " : "", cl ? coming : "");
    return -1;
}
