#include "capabilities.h"

#include <stdio.h>
#include <string.h>

static const unsigned only_two[] = {2, 0};
static const unsigned seven_smooth[] = {2, 3, 5, 7, 0};

static const struct fl_capability table[] = {
    {"01_dft", "any N up to 65536, with O(N^2) work", NULL, (size_t)1 << 16, 1, 0},
    {"02_radix2", "powers of two up to 2^28", only_two, (size_t)1 << 28, 1, 0},
    {"03_local_memory", "powers of two up to 2^28", only_two, (size_t)1 << 28, 1, 0},
    {"04_coalescing", "powers of two up to 2^28", only_two, (size_t)1 << 28, 1, 0},
    {"05_register_radix", "powers of two up to 2^26", only_two, (size_t)1 << 26, 1, 0},
    {"06_mixed_radix", "N = 2^a 3^b 5^c 7^d up to 2^26", seven_smooth, (size_t)1 << 26, 1, 0},
    {"07_multidim", "shapes up to 3-D like 512x512x64, each axis 2^a 3^b 5^c 7^d, up to 2^26 "
     "points", seven_smooth, (size_t)1 << 26, 3, 0},
    /* planned: listed as coming when they would take the size */
    {"08_bluestein", "any N up to 2^26, by a chirp-z convolution", NULL, (size_t)1 << 26, 1, 1},
};

const struct fl_capability *fl_capability_of(const char *chapter)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].chapter, chapter) == 0)
            return &table[i];
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
    if (ndims > c->max_dims) {
        snprintf(buf, len, "it does %d-dimensional transforms only", c->max_dims);
        return;
    }
    if (total > c->max_n) {
        snprintf(buf, len, "it does %s", c->sizes);
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
    /* Written chapters that take the shape; planned ones only when no written FFT
     * chapter (one with a prime-factor rule, not the O(N^2) DFT) takes it. */
    char others[512], coming[256];
    int ol = 0, cl = 0, fft = 0;
    others[0] = coming[0] = '\0';
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
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
             ol ? "Chapters that can: " : "No chapter of this tutorial does that size yet.",
             others, ol ? "." : "", cl ? " Coming: " : "", cl ? coming : "");
    return -1;
}
