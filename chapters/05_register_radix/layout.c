/* 05_register_radix: the plan's shape — how many passes, and the Q (points per column),
 * T (columns per work-group) and R (register radix) of each.
 *
 * The rules, in the order layout() applies them:
 *   1. N fits one group (N <= local values and N <= items x R): one pass, Q = N.
 *   2. (the default variant only) N fits 2 to MAX_PARTS local memories: one pass that
 *      keeps the row in registers and exchanges it through local memory in parts
 *      (PASS_ROWS, kernels/05_row_parts.cl).
 *   3. Otherwise several passes: each group takes T >= MIN_COLUMNS neighbouring columns
 *      (coalesced reads), which caps Q at min(items x R, local values) / MIN_COLUMNS;
 *      the fewest passes under that cap, log2 N split evenly between them. */
#include "register_radix.h"

#include <stdlib.h>
#include <string.h>

size_t floor_pow2(size_t v)
{
    size_t r = 1;
    while (r * 2 <= v)
        r *= 2;
    return r;
}

static size_t ceil_pow2(size_t v)
{
    size_t r = 1;
    while (r < v)
        r *= 2;
    return r;
}

size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

/* FFTLAB_LOCAL_VALUES=V (a power of two >= 16) pretends local memory holds only V
 * values: on pocl, whose local memory is plentiful, small sizes then take the paths a GPU
 * takes at large ones (parts, several passes). 0 when unset, (size_t)-1 when malformed
 * (check() in main.c says so). */
size_t local_cap(void)
{
    const char *e = getenv("FFTLAB_LOCAL_VALUES");
    if (!e || !e[0])
        return 0;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || v < 16 || (v & (v - 1)))
        return (size_t)-1;
    return (size_t)v;
}

/* Complex values a group may keep in local memory: the device's local memory less the
 * 1/16 padding, rounded down to a power of two, at most MAX_FUSED (and the cap above). */
static size_t local_values(const struct fl_problem *p)
{
    size_t v = floor_pow2((size_t)(p->dev->local_mem / elem_bytes(p) * 16 / 17));
    size_t cap = local_cap();
    if (cap && cap != (size_t)-1 && cap < v)
        v = cap;
    return v < MAX_FUSED ? v : MAX_FUSED;
}

static size_t group_items(const struct fl_problem *p)
{
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    return wg < p->dev->max_wg ? wg : floor_pow2(p->dev->max_wg);
}

void split_evenly(int log2n, int npass, int *logq)
{
    for (int i = 0; i < npass; i++)
        logq[i] = log2n / npass + (i < log2n % npass);
}

/* Register radix of a row in B parts of lmax values: at most R, at most ITEM_BYTES of
 * values per item (B x R values), and few enough items for the device (a group is
 * lmax / R items), but at least 4 of them: pocl 3.1's work-group compiler stops on an
 * assertion (ParallelRegion.cc: exit != NULL) building these kernels for groups of 1 or 2
 * items, which only a tiny FFTLAB_LOCAL_VALUES asks for. 0 if no radix from 4 to 16 fits. */
static size_t parts_radix(const struct fl_problem *p, size_t R, size_t B, size_t lmax)
{
    if (R > lmax)
        R = lmax;
    while (R > 4 && lmax / R < 4)
        R /= 2;
    while (R > 4 && B * R * elem_bytes(p) > ITEM_BYTES)
        R /= 2;
    while (R < 16 && R < lmax && lmax / R > p->dev->max_wg)
        R *= 2;
    return R >= 4 && lmax / R <= p->dev->max_wg ? R : 0;
}

void layout(const struct fl_problem *p, size_t R, int row_parts, struct layout *L)
{
    memset(L, 0, sizeof *L);
    L->lmax = local_values(p);
    if (p->n < 2)
        return;
    size_t wg = group_items(p), lmax = L->lmax;
    int log2n = fl_log2(p->n);

    /* rule 2: a row of B = N / lmax columns of lmax points, one column per part; measured
     * on an H100 2.1x and 1.7x faster at 8192 and 16384 than two passes (NOTES.md) */
    if (row_parts && p->n > lmax && p->n <= lmax * MAX_PARTS) {
        size_t B = p->n / lmax, Rp = parts_radix(p, R, B, lmax);
        if (Rp) {
            L->B = B;
            L->npass = 1;
            L->pass[0] = (struct pass_shape){lmax, B, Rp, PASS_ROWS};
            return;
        }
    }

    /* rules 1 and 3 */
    size_t Rn = R < p->n ? R : p->n;
    int one_pass = p->n <= lmax && p->n <= wg * Rn;
    int npass = 1, logq[32];
    logq[0] = log2n;
    if (!one_pass) {
        size_t cap = wg * R / MIN_COLUMNS;
        if (cap > lmax / MIN_COLUMNS)
            cap = lmax / MIN_COLUMNS;
        if (cap < 2)
            cap = 2;
        int logcap = fl_log2(floor_pow2(cap));
        npass = (log2n + logcap - 1) / logcap;
        split_evenly(log2n, npass, logq);
    }
    L->npass = npass;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i], Ri = R < Q ? R : Q;
        size_t T = wg * Ri / Q;                     /* columns per group to fill wg items */
        if (T > lmax / Q) T = lmax / Q;
        if (npass > 1 && T > p->n / Q) T = p->n / Q;
        if (npass == 1 && T > ceil_pow2(p->batch)) T = ceil_pow2(p->batch); /* no idle rows */
        if (T < 1) T = 1;
        T = floor_pow2(T);
        L->pass[i] = (struct pass_shape){Q, T, Ri, PASS_PLAIN};
    }
}
