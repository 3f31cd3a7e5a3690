/* 09_real_input, --variant simd (lesson, "On a CPU"): the rows of M = Nx/2 by 06's simd
 * passes (common/fft/simd_plan.c: 8 columns of a pass as the lanes of planar float8 vectors),
 * then the twist 8 pairs per item (kernels/09_simd.cl); C2R the inverse twist, then the
 * inverse passes. The outer axes (2-D, 3-D) on the half spectrum (..., M + 1) by 07's
 * batch-lane column kernel (common/fft/simd_cols.c: 8 neighbouring columns per work-item),
 * after the twist (R2C) or before the inverse twist (C2R). Shapes whose M has no simd row
 * plan (M < 64), or with an outer axis the column kernel cannot do, run the default
 * variant's plan (main.c, resolve), and --explain says why. */
#include "real.h"

#include <stdio.h>
#include <string.h>

/* Returns 1 and fills SP (the rows) and AX (the axes of the half spectrum, x first; x's
 * entry unused) when P takes the simd plan. */
int simd_plans(const struct fl_problem *p, struct fl_simd_plan *sp, struct fl_simd_axis *ax)
{
    if (strcmp(p->variant, "simd") != 0 || !fl_simd_make(p->dims[p->ndims - 1] / 2, sp))
        return 0;
    if (p->ndims == 1)
        return 1;
    size_t dims[FL_MAX_DIMS];
    memcpy(dims, p->dims, sizeof dims);
    dims[p->ndims - 1] = p->dims[p->ndims - 1] / 2 + 1;
    fl_simd_axes(p->ndims, dims, p->batch, ax);
    for (int i = 1; i < p->ndims; i++)
        if (ax[i].way != FL_SIMD_COLS && ax[i].way != FL_SIMD_NONE)
            return 0;
    return 1;
}

int simd_rows(const struct fl_problem *p, struct fl_simd_plan *sp)
{
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    return simd_plans(p, sp, ax);
}

/* The outer axes of a simd plan (AX[1 ..], on the half spectrum) from buffer S: the
 * inverse conjugates on the way into the first and out of the last. Returns the buffer
 * with the result; OUTER gets "y: 32 x 32; z: ..." for the summary. */
static int simd_outer(const struct fl_problem *p, struct fl_plan *plan, const struct fl_simd_axis *ax,
                      int s, int inverse, char *outer, size_t len)
{
    int first = -1, last = -1, used = 0;
    for (int i = 1; i < p->ndims; i++)
        if (ax[i].way == FL_SIMD_COLS) {
            if (first < 0)
                first = i;
            last = i;
        }
    outer[0] = '\0';
    for (int i = first; first > 0 && i <= last; i++) {
        if (ax[i].way != FL_SIMD_COLS)
            continue;
        char passes[64];
        int flags = inverse ? (i == first ? 1 : 0) | (i == last ? 2 : 0) : 0;
        s = fl_simd_cols_launch(plan, &ax[i], p->dev, elem_bytes(p), s, other(s), flags, p->wg,
                                passes, sizeof passes);
        used += snprintf(outer + used, len - (size_t)used, "%s%c (N=%zu): %s", used ? "; " : "",
                         ax[i].name, ax[i].n, passes);
        if ((size_t)used >= len)
            break;
    }
    return s;
}

/* The simd plan of problem P: the M-point rows by fl_simd_launches and the twist's
 * vector kernels; the outer axes (AX) by 07's column kernel, after the twist (R2C) or
 * before the inverse twist (C2R). */
void plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct fl_simd_plan *sp,
               const struct fl_simd_axis *ax)
{
    size_t nx = p->dims[p->ndims - 1], m = nx / 2, rows = p->batch * (p->n / nx);
    size_t blocks = (m / 2 + 7) / 8;
    int inverse = p->sign > 0, twist = fl_real_twist_table(plan, nx);
    int table = fl_simd_table(plan, sp), s = FL_BUF_A;
    int fused = fl_simd_fused(sp, rows, p->dev);
    size_t wg = p->wg ? p->wg : FL_SIMD_GROUP;
    size_t global[1] = {(rows * blocks + wg - 1) / wg * wg}, local[1] = {wg};
    char passes[160], outer[200] = "";
    struct fl_launch *l;
    if (inverse) {
        s = simd_outer(p, plan, ax, FL_BUF_A, 1, outer, sizeof outer);
        l = fl_plan_add(plan, "irfft_pre_simd", 1, global, local);
        fl_arg_buffer(l, s);
        fl_arg_buffer(l, other(s));
        fl_arg_buffer(l, twist);
        fl_arg_int(l, (int)rows);
        fl_launch_note(l, "inverse twist: %zu rows, N=%zu: %zu bins -> %zu values; 8 pairs (k, %zu "
                       "- k) per item as vectors, %zu items per row", rows, nx, m + 1, m, m, blocks);
        s = fl_simd_launches(plan, sp, rows, p->dev, table, other(s), s, 3, p->wg, passes,
                             sizeof passes);
    } else {
        s = fl_simd_launches(plan, sp, rows, p->dev, table, FL_BUF_A, FL_BUF_B, 0, p->wg, passes,
                             sizeof passes);
        l = fl_plan_add(plan, "rfft_post_simd", 1, global, local);
        fl_arg_buffer(l, s);
        fl_arg_buffer(l, other(s));
        fl_arg_buffer(l, twist);
        fl_arg_int(l, (int)rows);
        fl_launch_note(l, "twist: %zu rows, N=%zu: %zu values -> %zu bins; 8 pairs (k, %zu - k) "
                       "per item as vectors, %zu items per row", rows, nx, m, m + 1, m, blocks);
        s = simd_outer(p, plan, ax, other(s), 0, outer, sizeof outer);
    }
    plan->result = s;
    /* the summary is 512 bytes: the pass list is cut at 48 characters */
    int used = snprintf(plan->summary, sizeof plan->summary,
             "%s of rows of %zu reals (read as %zu complex values), %zu rows; %sthe rows of H = "
             "%zu = %.48s by 06's simd passes (8 columns per work-item as %s8 vectors, %s)%s, "
             "8 pairs per work-item. %d launches.", inverse ? "c2r" : "r2c", nx, m, rows,
             inverse ? "the inverse twist (irfft_pre_simd), then " : "",
             m, passes, p->precision == FL_DOUBLE ? "double" : "float",
             fused ? "a row per work-item through all passes" : "a launch per pass",
             inverse ? "" : ", then the twist (rfft_post_simd)", plan->nlaunch);
    if (outer[0] && (size_t)used < sizeof plan->summary)
        snprintf(plan->summary + used, sizeof plan->summary - (size_t)used, " The outer axes of "
                 "the half spectrum (last axis %zu), %s the x part, by 07's column kernel (8 "
                 "neighbouring columns per work-item): %.120s.", m + 1,
                 inverse ? "before" : "after", outer);
}

/* The simd plan's -D constants: 06's simd constants for rows of M (07_multidim.cl, in the
 * program too, wants TILE), then 07's column constants for the outer axes. Returns 0
 * (writing nothing) when P does not take the simd plan. */
int simd_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct fl_simd_plan sp;
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    if (!simd_plans(p, &sp, ax))
        return 0;
    size_t nx = p->dims[p->ndims - 1];
    size_t used = (size_t)snprintf(opts, len, "-D TILE=%d -D TILE_ROWS=%d -D RH_M=%zu "
                                   "-D RH_PAIRS=%zu", FL_AXIS_TILE, FL_AXIS_TILE_ROWS,
                                   nx / 2, nx / 4 + 1);
    used = fl_simd_options(&sp, opts, used, len);
    for (int i = 1; i < p->ndims; i++)
        if (ax[i].way == FL_SIMD_COLS)
            used = fl_simd_cols_options(&ax[i], opts, used, len);
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
    return 1;
}
