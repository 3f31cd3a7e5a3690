/* The batch-lane plans of chapter 07's --variant simd; see simd_cols.h. */
#include "simd_cols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A rough cost per point of one pass of a column in private memory (flops-like units,
 * only comparisons matter): the blocks and the split's twiddles as 06's model counts
 * them, a scalar pass twiddle per value (broadcast: cheaper than 06's vector loads),
 * the value's load and store, and spills once 2Q vectors pass AVX-512's 32 registers. */
static double cols_pass_cost(size_t n, size_t q, size_t p, const unsigned *blk)
{
    (void)n;
    double c = fl_simd_block_cost(q, blk);
    if (p > 1)
        c += 5.0;
    c += 8.0;
    if (q > 16)
        c += (double)((2 * q - 32) * q) / 256.0;
    return c;
}

int fl_simd_cols_make(size_t n, struct fl_simd_plan *sp)
{
    struct fl_simd_plan cur = {0};
    memset(sp, 0, sizeof *sp);
    sp->cost = 1e300;
    size_t qmax = fl_simd_qmax();
    if (n < 2 || n > FL_SIMD_COLS_MAX || qmax == 0)
        return 0;
    /* FFTLAB_SIMD_COLS_PLAN=32x32: these Q's in this order, for the lesson's experiments;
     * kept only when they multiply to N (else the search's plan) */
    if (fl_simd_forced(getenv("FFTLAB_SIMD_COLS_PLAN"), n, 0, &cur)) {
        *sp = cur;
        sp->cost = 0;
    }
    if (sp->cost != 0) {
        cur.npass = 0;
        fl_simd_search(n, n, 1, qmax, 0, cols_pass_cost, &cur, 0, sp);
    }
    if (sp->cost >= 1e300) {
        sp->npass = 0;
        return 0;
    }
    fl_simd_offsets(sp, n);
    return sp->npass;
}

int fl_simd_axes(int ndims, const size_t *dims, size_t batch, struct fl_simd_axis *ax)
{
    size_t total = 1;
    for (int d = 0; d < ndims; d++)
        total *= dims[d];
    for (int i = 0; i < ndims; i++) {
        int d = ndims - 1 - i;            /* axis i from the last: x, y, z */
        struct fl_simd_axis *a = &ax[i];
        memset(a, 0, sizeof *a);
        a->name = "xyz"[i];
        a->n = dims[d];
        a->stride = 1;
        for (int e = d + 1; e < ndims; e++)
            a->stride *= dims[e];
        a->lines = i == 0 ? batch * (total / a->n) : batch * (total / (a->n * a->stride));
        if (a->n == 1) {
            a->way = FL_SIMD_NONE;
            continue;
        }
        if (i == 0) {
            if (fl_simd_make(a->n, &a->sp)) {
                a->way = FL_SIMD_ROWS;
                snprintf(a->why, sizeof a->why, "rows of %zu: 06's simd rows", a->n);
            } else if (a->lines >= FL_SIMD_VL && fl_simd_cols_make(a->n, &a->sp)) {
                a->way = FL_SIMD_ROWS8;
                snprintf(a->why, sizeof a->why, "%s", a->n < FL_SIMD_VL * FL_SIMD_VL
                         ? "rows shorter than 64 have no 06 simd plan"
                         : "06's simd rows have no plan for this length");
            } else {
                a->way = FL_SIMD_DEFAULT;
                snprintf(a->why, sizeof a->why, "the default passes: %s",
                         a->lines < FL_SIMD_VL ? "fewer than 8 rows for 8 lanes, and no 06 simd plan"
                                               : "no simd plan for this length");
            }
        } else if (a->stride >= FL_SIMD_VL && fl_simd_cols_make(a->n, &a->sp)) {
            a->way = FL_SIMD_COLS;
            snprintf(a->why, sizeof a->why, "8 neighbouring columns per work-item as the lanes");
        } else {
            a->way = FL_SIMD_DEFAULT;
            snprintf(a->why, sizeof a->why, "the default column passes: %s",
                     a->stride < FL_SIMD_VL ? "fewer than 8 columns side by side for 8 lanes"
                                            : "longer than the batch-lane kernel's 4096 points");
        }
    }
    return ndims;
}

size_t fl_simd_cols_options(const struct fl_simd_axis *a, char *opts, size_t used, size_t len)
{
    const struct fl_simd_plan *sp = &a->sp;
    if (used < len && !strstr(opts, "-D FFT_SIMD_COLS=1"))
        used += (size_t)snprintf(opts + used, len - used, "%s%s-D FFT_SIMD_COLS=1", used ? " " : "",
                                 strstr(opts, "-D FFT_SIMD=1") ? "" : "-D FFT_SIMD=1 ");
    if (used < len)
        used += (size_t)snprintf(opts + used, len - used, " -D SC%c_N=%zu -D SC%c_S=%zu -D SC%c_NP=%d",
                                 a->name, sp->n, a->name, a->way == FL_SIMD_COLS ? a->stride : 0,
                                 a->name, sp->npass);
    for (int k = 0; k < sp->npass && used < len; k++) {
        const struct fl_simd_pass *ps = &sp->pass[k];
        used += (size_t)snprintf(opts + used, len - used, " -D SC%c_P%d=%zu,%zu,%u,%u,%u,%zu,%zu,%zu",
                                 a->name, k, ps->q, ps->p, ps->blk[0], ps->blk[1], ps->blk[2],
                                 ps->base, ps->tw, ps->in);
    }
    return used;
}

/* A ROWS8 or COLS axis's table: 06's layout (fl_simd_table), named for the axis. */
static int cols_table(struct fl_plan *plan, const struct fl_simd_axis *a)
{
    int table = fl_simd_table(plan, &a->sp);
    snprintf(plan->table[table - FL_BUF_TABLE0].name, sizeof plan->table[0].name, "simd_cols_%c",
             a->name);
    return table;
}

int fl_simd_cols_launch(struct fl_plan *plan, const struct fl_simd_axis *a,
                        const struct fl_device *dev, size_t elem, int src, int dst, int flags,
                        size_t wg, char *passes, size_t len)
{
    const struct fl_simd_plan *sp = &a->sp;
    int pl = 0;
    for (int i = 0; i < sp->npass && (size_t)pl < len; i++)
        pl += snprintf(passes + pl, len - (size_t)pl, "%s%zu", i ? " x " : "", sp->pass[i].q);
    int table = cols_table(plan, a);
    int rows8 = a->way == FL_SIMD_ROWS8;
    size_t items = rows8 ? (a->lines + FL_SIMD_VL - 1) / FL_SIMD_VL
                         : a->lines * ((a->stride + FL_SIMD_VL - 1) / FL_SIMD_VL);
    /* groups: enough of them for every core several times over (the items are whole
     * column FFTs, not all equally cached), at most FL_SIMD_COLS_GROUP items each */
    size_t local = 1, cu = dev->compute_units ? dev->compute_units : 1;
    /* private arrays per item: two of N vectors (8 values of ELEM bytes), or one, or none */
    size_t bufs = rows8 ? 2 : sp->npass >= 3 ? 2 : sp->npass == 2 ? 1 : 0;
    size_t stack = bufs * a->n * FL_SIMD_VL * elem;
    while (local * 2 <= FL_SIMD_COLS_GROUP && local * 2 * 8 * cu <= items &&
           local * 2 * stack <= FL_SIMD_COLS_STACK)
        local *= 2;
    if (wg)   /* --wg, but never beyond the stack budget (pocl would crash) */
        local = stack && wg * stack > FL_SIMD_COLS_STACK ? FL_SIMD_COLS_STACK / stack : wg;
    if (local == 0)
        local = 1;
    size_t global[1] = {(items + local - 1) / local * local}, lsz[1] = {local};
    char kernel[32];
    snprintf(kernel, sizeof kernel, rows8 ? "fft_simd_rows8_x" : "fft_simd_cols_%c", a->name);
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, lsz);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_buffer(l, table);
    fl_arg_int(l, flags);
    fl_arg_int(l, (int)items);
    if (rows8) {
        fl_arg_int(l, (int)a->lines);
        fl_launch_note(l, "axis x N=%zu: 8 rows per item as lanes, %d pass%s (Q = %s) in private "
                       "memory, 8x8 transposes in and out", a->n, sp->npass,
                       sp->npass == 1 ? "" : "es", passes);
    } else {
        fl_launch_note(l, "axis %c N=%zu stride %zu: 8 columns per item as lanes, %d pass%s (Q = %s)%s",
                       a->name, a->n, a->stride, sp->npass, sp->npass == 1 ? "" : "es", passes,
                       sp->npass == 1 ? ", x to y" : ", x to private memory ... to y");
    }
    return dst;
}

int fl_simd_array_fits(const struct fl_simd_axis *ax, int na, size_t points, size_t elem,
                       size_t batch, const struct fl_device *dev)
{
    const char *e = getenv("FFTLAB_SIMD_ARRAY");
    int work = 0;
    if (e && strcmp(e, "0") == 0)
        return 0;
    if (points * elem > FL_SIMD_ARRAY_MAX || batch < 2 * (dev->compute_units ? dev->compute_units : 1))
        return 0;
    for (int i = 0; i < na; i++) {
        if (ax[i].way == FL_SIMD_DEFAULT)
            return 0;
        if (ax[i].way == FL_SIMD_ROWS8 && points / ax[i].n < FL_SIMD_VL)
            return 0;
        work += ax[i].way != FL_SIMD_NONE;
    }
    return work >= 2;
}

size_t fl_simd_array_options(const struct fl_simd_axis *ax, int na, size_t points, char *opts,
                             size_t used, size_t len)
{
    int xw = na > 0 && ax[0].way == FL_SIMD_ROWS ? 1 : na > 0 && ax[0].way == FL_SIMD_ROWS8 ? 2 : 0;
    if (used < len)
        used += (size_t)snprintf(opts + used, len - used, " -D SCA_POINTS=%zu -D SCA_X=%d", points, xw);
    return used;
}

int fl_simd_array_launch(struct fl_plan *plan, const struct fl_simd_axis *ax, int na,
                         size_t points, size_t batch, int src, int dst, int conj)
{
    int table[3] = {-1, -1, -1}, fl[3] = {0, 0, 0}, first = -1, last = -1, any = -1;
    for (int i = 0; i < na; i++) {
        if (ax[i].way == FL_SIMD_NONE)
            continue;
        table[i] = ax[i].way == FL_SIMD_ROWS ? fl_simd_table(plan, &ax[i].sp) : cols_table(plan, &ax[i]);
        if (any < 0)
            any = table[i];
        if (first < 0)
            first = i;
        last = i;
    }
    size_t global[1] = {batch}, local[1] = {1};
    struct fl_launch *l = fl_plan_add(plan, "fft_simd_array", 1, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    for (int i = 0; i < 3; i++)
        fl_arg_buffer(l, i < na && table[i] >= 0 ? table[i] : any);
    for (int i = 0; i < na; i++)
        fl[i] = (conj && i == first ? 1 : 0) | (conj && i == last ? 2 : 0);
    for (int i = 0; i < 3; i++)
        fl_arg_int(l, fl[i]);
    fl_launch_note(l, "an array of %zu points per item, every axis in turn, the array in the "
                   "core's caches", points);
    for (int i = 0; i < na; i++) {
        if (ax[i].way == FL_SIMD_NONE || (ax[i].way == FL_SIMD_ROWS && ax[i].sp.npass % 2 == 0))
            continue;
        int t = src;
        src = dst;
        dst = t;
    }
    return src;
}
