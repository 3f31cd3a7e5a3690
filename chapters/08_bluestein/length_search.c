/* 08_bluestein: the search for the convolution length M (length_search.h): among the
 * lengths from 2N - 1 up to the next power of two that the radices can factor, the one
 * whose radix plan (common/fft/radix_plan.h) costs least. length.c turns it into the
 * plan's shape. */
#include "length_search.h"

#include <stdio.h>
#include <string.h>

struct bluestein_search {
    size_t batch;
    const struct fl_radix_limits *lim;
    int max_passes;
    size_t best_m, best_work;
    int best_passes;
    struct fl_radix_plan best_plan, try_plan;
};

static void score_length(size_t m, void *ctx)
{
    struct bluestein_search *s = ctx;
    char why[256];
    if (fl_radix_plan_make(m, s->batch, s->lim, &s->try_plan, why, sizeof why) != 0 ||
        s->try_plan.npasses > s->max_passes)
        return;
    size_t work = m * (size_t)s->try_plan.nstages;
    int passes = s->try_plan.npasses;
    if (s->best_m == 0 || passes < s->best_passes ||
        (passes == s->best_passes && (work < s->best_work || (work == s->best_work && m < s->best_m)))) {
        s->best_m = m;
        s->best_work = work;
        s->best_passes = passes;
        s->best_plan = s->try_plan;
    }
}

size_t fl_bluestein_length(size_t n, size_t batch, const struct fl_radix_limits *lim, int max_passes,
                           struct fl_radix_plan *plan, char *why, size_t len)
{
    static struct bluestein_search s; /* two radix plans: too big for some stacks */
    unsigned primes[32];
    int np = fl_radix_primes(lim->radices, primes, 32);
    if (why && len)
        why[0] = '\0';
    if (n == 0 || n > ((size_t)1 << 39) || np == 0) {
        snprintf(why, len, "no Bluestein length for N = %zu", n);
        return 0;
    }
    size_t lo = 2 * n - 1, hi = 1;
    while (hi < lo)
        hi *= 2;
    memset(&s, 0, sizeof s);
    s.batch = batch;
    s.lim = lim;
    s.max_passes = max_passes;
    fl_smooth_visit(primes, np, lo, hi, score_length, &s);
    if (s.best_m == 0) {
        snprintf(why, len, "no convolution length M from %zu to %zu has a plan of at most %d passes "
                 "within %zu work-item%s per group: use a larger --wg", lo, hi, max_passes,
                 lim->max_items, lim->max_items == 1 ? "" : "s");
        return 0;
    }
    if (plan)
        *plan = s.best_plan;
    return s.best_m;
}
