/* 08_bluestein: launches of the plan (chapters/08_bluestein/main.c builds the plans).
 *
 *   bs_add_pass   one pass of the M-point plan, shaped as chapter 07's fft_rows_x_p<k>
 *   bs_add_rows   one of plain's multiplies, over (M or N, batch)
 *   bs_plan_simd  --variant simd (lesson: "On a CPU"): plain's steps with 06's simd passes
 *                 for FFT_M (common/fft/simd_plan.c); where 06 takes a row per work-item, one
 *                 launch of bs_simd_rows (kernels/08_simd.cl) does the rows' whole
 *                 transforms, a few work-items per core, each row after row in scratch rows
 *                 that stay in its cache */
#include "bluestein.h"

#include <stdio.h>
#include <string.h>

/* The element and group sizes, and --variant simd's scratch rows: the lowest helpers,
 * here so that length.c, rader.c and plan.c call one way (main.c > length.c > rader.c >
 * plan.c). */
size_t bs_elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

size_t bs_group_items(const struct fl_problem *p)
{
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    return wg < p->dev->max_wg ? wg : p->dev->max_wg;
}

/* --variant simd: bs_simd_rows (where 06 takes a row per work-item) runs
 * W = SIMD_ITEMS_PER_CU x compute units items (at most batch), each through its own scratch
 * row; the per-pass plan needs all batch rows. */
size_t bs_simd_scratch_rows(const struct fl_problem *p, const struct setup *s, size_t *items)
{
    size_t w = SIMD_ITEMS_PER_CU * p->dev->compute_units;
    *items = w < p->batch ? w : p->batch;
    return fl_simd_fused(&s->sp, p->batch, p->dev) ? *items : p->batch;
}

const struct fl_radix_pass *bs_pass_shape(const struct setup *s, int k, const char *kernel)
{
    if (k == 0 && s->first_own && strcmp(kernel, "bs_forward_first") == 0)
        return &s->first; /* its own groups (-D BS_FIRST) */
    return &s->L.ax[0].rp.pass[k];
}

/* Pass K of the M-point plan as a launch of KERNEL from SRC to DST: the work-items,
 * groups and local memory fl_layout_launches gives fft_rows_x_p<K> (fl_axis_pass_launch). */
struct fl_launch *bs_add_pass(struct fl_plan *plan, const struct setup *s, int k, const char *kernel,
                              int src, int dst, size_t elem)
{
    return fl_axis_pass_launch(plan, &s->L.ax[0], bs_pass_shape(s, k, kernel), kernel, src, dst,
                               elem);
}

/* A 2-D launch over (COUNT rounded up to G, batch) for the plain variant's multiplies. */
struct fl_launch *bs_add_rows(struct fl_plan *plan, const char *kernel, size_t count, size_t batch,
                              size_t g)
{
    size_t global[2] = {(count + g - 1) / g * g, batch}, local[2] = {g, 1};
    return fl_plan_add(plan, kernel, 2, global, local);
}

/* --variant simd (kernels/08_simd.cl; README "On a CPU"): plain's steps, the FFTs of M by
 * 06's simd passes (common/fft/simd_plan.c). Where 06 takes a row per work-item, one launch of
 * bs_simd_rows does each row's whole transform; else plain's multiplies around a launch
 * per pass. The chirp CH and BH are the tables plan() made. */
void bs_plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s, int ch,
                  int bhat, const char *ndesc)
{
    const struct fl_simd_plan *sp = &s->sp;
    char passes[160], why_m[200];
    int table = fl_simd_table(plan, sp);
    int fused = fl_simd_fused(sp, p->batch, p->dev);
    /* bs_simd_rows: W work-items, each through rows g, g + W, ... in scratch rows of its
     * own, so the scratch stays in the core's cache (rows = W, not batch) */
    size_t items, rows = bs_simd_scratch_rows(p, s, &items);
    int w0 = fl_plan_scratch(plan, "work0", s->m * rows);
    int w1 = fl_plan_scratch(plan, "work1", s->m * rows);
    struct fl_launch *l;
    plan->result = FL_BUF_B;
    if (s->m_planner != s->m)
        snprintf(why_m, sizeof why_m, "the planner's %zu has no simd plan (N/Q >= 8 in the first "
                 "pass, so M >= 64): the next 7-smooth M that has one", s->m_planner);
    else
        snprintf(why_m, sizeof why_m, "the planner's, for M >= 2N - 1 = %zu", 2 * p->n - 1);
    if (fused) {
        size_t global[1] = {items}, local[1] = {1};
        int pl = 0;
        for (int i = 0; i < sp->npass; i++)
            pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", i ? " x " : "",
                           sp->pass[i].q);
        l = fl_plan_add(plan, "bs_simd_rows", 1, global, local);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, w0);
        fl_arg_buffer(l, w1);
        fl_arg_buffer(l, table);
        fl_arg_buffer(l, ch);
        fl_arg_buffer(l, bhat);
        fl_arg_int(l, (int)p->batch);
        fl_launch_note(l, "%zu items, item i takes rows i, i + %zu, ...: x*c, %d passes (Q = %s), *Bh, the %d "
                       "again (conj in, out), *c; the row in the core's cache", items, items,
                       sp->npass, passes, sp->npass);
    } else {
        size_t g = bs_group_items(p);
        l = bs_add_rows(plan, "bs_premul", s->m, p->batch, g);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, w0);
        fl_arg_buffer(l, ch);
        fl_launch_note(l, "a = x * c, zero-padded from N = %zu to M = %zu", p->n, s->m);
        int r = fl_simd_launches(plan, sp, p->batch, p->dev, table, w0, w1, 0, p->wg, passes,
                                 sizeof passes);
        l = bs_add_rows(plan, "bs_pointwise", s->m, p->batch, g);
        fl_arg_buffer(l, r);
        fl_arg_buffer(l, bhat);
        fl_launch_note(l, "Z = FFT_M(a) * Bh in place (Bh = FFT_M(b) / M, from the host)");
        r = fl_simd_launches(plan, sp, p->batch, p->dev, table, r, r == w0 ? w1 : w0, 3, p->wg,
                             passes, sizeof passes);
        l = bs_add_rows(plan, "bs_postmul", p->n, p->batch, g);
        fl_arg_buffer(l, r);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, ch);
        fl_launch_note(l, "X = c * conv for the first N = %zu of the M = %zu outputs", p->n, s->m);
    }
    /* the summary is 512 bytes: the pass list is cut at 40 characters */
    size_t used = (size_t)snprintf(plan->summary, sizeof plan->summary,
                                   "N = %s by Bluestein, M = %zu (%s) = %.40s: 06's simd passes, 8 "
                                   "columns per work-item as %s8 vectors. ", ndesc, s->m, why_m,
                                   passes, p->precision == FL_DOUBLE ? "double" : "float");
    const char *how = fused ? "simd: a work-item does whole transforms, row after row (bs_simd_rows): "
                              "x*c, FFT_M, *Bh, FFT_M conjugated, *c, 8 values per vector op, its "
                              "scratch rows in its core's cache (M <= 2^18 and rows >= cores, or "
                              "M <= 4096)."
                            : "simd: plain's multiplies around a launch per pass (M > 2^18, or "
                              "M > 4096 with fewer rows than cores).";
    if (used < sizeof plan->summary)
        used += (size_t)snprintf(plan->summary + used, sizeof plan->summary - used, "%s", how);
    if (used < sizeof plan->summary)
        snprintf(plan->summary + used, sizeof plan->summary - used, " %d launch%s.", plan->nlaunch,
                 plan->nlaunch == 1 ? "" : "es");
}
