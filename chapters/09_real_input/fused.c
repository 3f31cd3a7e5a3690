/* 09_real_input, --variant fused: the twist inside a pass of the rows, so the data is read
 * and written once less (lesson, "One pass less").
 *   - Rows of one pass (M <= 4096 in fp32): rfft_rows_fused / irfft_rows_fused, the row
 *     pass and the twist in one launch (add_fused).
 *   - Rows of several passes: R2C's last pass (C2R's first) with its groups reshaped to
 *     take columns t and C - t, C = M/Q, which hold each other's mirrors: rfft_rows_paired
 *     / irfft_rows_paired (make_paired), R2C in one sweep or two (pair_sweeps). */
#include "real.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int last_x_pass(const struct fl_real_plan *R)
{
    return R->x.ax[0].rp.npasses - 1;
}

/* Rows of several passes: can pass K of the x axis pair its columns (a group takes columns
 * t and C - t, C = M/Q; kernels/09_paired_pass.cl, paired_pass)? It needs C even and 2
 * columns per group at least. R2C pairs the last pass, C2R the first. */
int pass_pairs(const struct fl_problem *p, const struct fl_real_plan *R, int k)
{
    if (strcmp(p->variant, "fused") != 0 || R->x.naxes != 1 || R->x.ax[0].rp.npasses < 2)
        return 0;
    const struct fl_radix_pass *ps = &R->x.ax[0].rp.pass[k];
    return ps->columns >= 2 && (R->m / ps->q) % 2 == 0;
}

/* R2C's paired pass in two sweeps (kernels/09_paired_pass.cl, paired_sweeps): a group
 * takes T columns and their T mirrors, one sweep each, so it stores runs of T bins, not T/2.
 * It needs local memory for Q values more than the pass's T columns (column 0's outputs),
 * and few values per item: an item keeps sweep A's outputs in registers through sweep B
 * (on the H100 at 2^20 x 16, 32 items x 16 values were slower than one sweep, 64 x 8
 * faster: NOTES.md). One sweep, too, where the pass has more items per column than a
 * stage has butterflies (a --shapes cap can ask for that). FFTLAB_PAIR_SWEEPS=1 keeps the
 * one-sweep pass, =2 takes two wherever those two allow, whatever the values per item
 * (tests, experiments). Returns 1 or 2, or -1 with WHY for another value of the variable. */
int pair_sweeps(const struct fl_problem *p, const struct fl_real_plan *R, char *why, size_t len)
{
    const char *e = getenv("FFTLAB_PAIR_SWEEPS");
    if (e && strcmp(e, "1") != 0 && strcmp(e, "2") != 0) {
        snprintf(why, len, "FFTLAB_PAIR_SWEEPS='%s' must be 1 or 2 (the paired pass's sweeps)", e);
        return -1;
    }
    if ((e && strcmp(e, "1") == 0) || R->x.naxes != 1 || R->x.ax[0].rp.npasses < 2)
        return 1; /* (x in one pass, or none at M = 1: no paired pass at all) */
    const struct fl_radix_pass *ps = &R->x.ax[0].rp.pass[last_x_pass(R)];
    size_t values = fl_radix_pass_local_values(ps) + ps->q;
    if (values * elem_bytes(p) > p->dev->local_mem)
        return 1;
    unsigned rmax = 1;
    for (int s = 0; s < ps->nstages; s++)
        rmax = ps->radix[s] > rmax ? ps->radix[s] : rmax;
    if (ps->items > ps->q / rmax)
        return 1; /* items that wait in a stage (a --shapes cap) hold nothing worth keeping
                     through sweep B; pocl 3.1's compiler also fails on that kernel */
    return (e && strcmp(e, "2") == 0) || ps->values <= SWEEP_VALUES ? 2 : 1;
}

/* Turn launch L, pass K of the x axis as fl_layout_launches made it (x, y, u, the axis's
 * twiddles, lines, flags), into rfft_rows_paired (R2C, the last pass) or irfft_rows_paired
 * (C2R, the first): the same buffers, the twist's table TWIST for the flags. A group takes
 * h columns and their h mirrors: h = T/2 in one sweep, h = T in two (SWEEPS, R2C only;
 * then u has Q values more, of ELEM bytes). */
void make_paired(struct fl_launch *l, const struct fl_real_plan *R, int k, int inverse, int twist,
                 int sweeps, size_t elem)
{
    const struct fl_radix_pass *ps = &R->x.ax[0].rp.pass[k];
    size_t cols = R->m / ps->q, h = sweeps == 2 ? ps->columns : ps->columns / 2;
    size_t groups = (cols / 2 + h - 1) / h;
    char radices[64];
    snprintf(l->kernel, sizeof l->kernel, "%s", inverse ? "irfft_rows_paired" : "rfft_rows_paired");
    l->global[0] = R->rows * groups * ps->items * ps->columns;
    l->nargs = 4; /* keep x, y, u and the twiddles */
    if (sweeps == 2)
        l->args[2].bytes += ps->q * elem; /* u0: column 0's outputs */
    fl_arg_buffer(l, twist);
    fl_radix_join(ps->radix, ps->nstages, radices, sizeof radices);
    fl_launch_note(l, "axis x H=%zu rows, pass %d/%d: p=%zu Q=%zu = %s, %s; columns t and %zu - t "
                   "in a group, %zu + %zu per group x %zu items%s", R->m, k + 1, last_x_pass(R) + 1,
                   ps->span, ps->q, radices, inverse ? "the inverse twist first" :
                   "then the twist", cols, h, h, ps->items, sweeps == 2 ? ", in 2 sweeps" : "");
}

/* Append the fused launch (rfft_rows_fused or irfft_rows_fused) from SRC to DST, with the x
 * axis's twiddle table (as fl_layout_launches makes it) and the twist's table TWIST. */
void add_fused(struct fl_plan *plan, const struct fl_problem *p, const struct fl_real_plan *R,
               int inverse, int src, int dst, int twist)
{
    const struct fl_axis *a = &R->x.ax[0];
    const struct fl_radix_pass *ps = &a->rp.pass[0];
    int tw = fl_twiddle_table(plan, "twiddles_x", a->n, a->lo_bits);
    size_t items = ps->items * ps->columns, groups = (R->rows + ps->columns - 1) / ps->columns;
    size_t global[1] = {groups * items}, local[1] = {items};
    char radices[64];
    struct fl_launch *l = fl_plan_add(plan, inverse ? "irfft_rows_fused" : "rfft_rows_fused", 1,
                                      global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_local(l, fl_radix_pass_local_values(ps) * elem_bytes(p));
    fl_arg_buffer(l, tw);
    fl_arg_buffer(l, twist);
    fl_arg_int(l, (int)R->rows);
    fl_radix_join(ps->radix, ps->nstages, radices, sizeof radices);
    fl_launch_note(l, "%s: %zu rows of %zu values, Q=%zu = %s, %zu rows x %zu items per group, "
                   "%s", inverse ? "the inverse twist, then the rows" : "the rows, then the twist",
                   R->rows, R->m, ps->q, radices, ps->columns, ps->items, inverse ?
                   "rows of H + 1 bins in, H values out" : "rows of H values in, H + 1 bins out");
}

/* The paired passes' -D constants (after the layouts' and the twist's, from USED). */
size_t fused_options(const struct fl_problem *p, const struct fl_real_plan *R, char *opts,
                     size_t used, size_t len)
{
    char why[256];
    if (used < len && pass_pairs(p, R, last_x_pass(R)))
        used += (size_t)snprintf(opts + used, len - used, " -D RH_PAIR_LAST=%d -D RH_PAIR_SWEEPS=%d",
                                 last_x_pass(R), pair_sweeps(p, R, why, sizeof why));
    if (used < len && pass_pairs(p, R, 0))
        used += (size_t)snprintf(opts + used, len - used, " -D RH_PAIR_FIRST=1");
    return used;
}

/* The fused rows with padded rows between the passes (plan.c, padded_rows): two work
 * buffers of the padded size (one, where the outer axes take a single pass), A and B
 * only at the ends. R2C: the rows A -> w0, the outer passes between w0 and w1, the last
 * into B (PASS_UNPAD_OUT: its columns counted in the unpadded layout, so fewer groups).
 * C2R: the first outer pass A -> w0 (PASS_PAD_IN), the others between w0 and w1, the rows
 * into B. Returns B. */
static int padded_launches(struct fl_plan *plan, const struct fl_problem *p,
                           const struct fl_real_plan *R, int twist, char *how_yz, size_t len)
{
    size_t elem = elem_bytes(p);
    int n = fl_layout_launch_count(&R->yz);
    int w0 = fl_plan_scratch(plan, "padded0", R->rows * R->pad);
    int w1 = n > 1 ? fl_plan_scratch(plan, "padded1", R->rows * R->pad) : -1;
    if (p->sign < 0) {
        add_fused(plan, p, R, 0, FL_BUF_A, w0, twist);
        fl_layout_launches(plan, &R->yz, elem, w0, n > 1 ? w1 : FL_BUF_B, 0, RH_UNPAD_OUT,
                           how_yz, len);
        struct fl_launch *l = &plan->launch[plan->nlaunch - 1];
        l->args[1].value = FL_BUF_B; /* its y */
        int last = R->yz.naxes - 1; /* the last axis with a pass (not one of 1 point) */
        while (R->yz.ax[last].rp.npasses == 0)
            last--;
        const struct fl_axis *a = &R->yz.ax[last];
        const struct fl_radix_pass *ps = &a->rp.pass[a->rp.npasses - 1];
        size_t cols = a->lines * (a->n / ps->q) * (a->stride / R->pad * (R->m + 1));
        l->global[0] = (cols + ps->columns - 1) / ps->columns * l->local[0];
    } else {
        int first = plan->nlaunch;
        int s = fl_layout_launches(plan, &R->yz, elem, n > 1 ? w1 : FL_BUF_A, w0, 1 | RH_PAD_IN,
                                   2, how_yz, len);
        plan->launch[first].args[0].value = FL_BUF_A; /* its x */
        add_fused(plan, p, R, 1, s, FL_BUF_B, twist);
    }
    size_t used = strlen(how_yz);
    snprintf(how_yz + used, len - used, "; rows padded to %zu between the passes", R->pad);
    return FL_BUF_B;
}

/* The fused plan of P (R planned, TWIST the twist's table): the rows and the twist in one
 * launch, or the x passes with the twist in R2C's last (C2R's first), and the outer axes
 * (after x for R2C, before it for C2R). HOW_X and HOW_YZ (LEN bytes each) get the steps
 * for the summary. Returns the buffer with the result. */
int fused_launches(struct fl_plan *plan, const struct fl_problem *p, const struct fl_real_plan *R,
                   int twist, char *how_x, char *how_yz, size_t len)
{
    size_t elem = elem_bytes(p);
    int inverse = p->sign > 0, multi = p->ndims > 1, s = FL_BUF_A;
    char why[256];
    if (fused_rows(p, R)) {
        if (R->pad != R->m + 1) {
            s = padded_launches(plan, p, R, twist, how_yz, len);
        } else if (!inverse) {
            add_fused(plan, p, R, 0, FL_BUF_A, FL_BUF_B, twist);
            s = FL_BUF_B;
            if (multi)
                s = fl_layout_launches(plan, &R->yz, elem, s, other(s), 0, 0, how_yz, len);
        } else {
            if (multi)
                s = fl_layout_launches(plan, &R->yz, elem, FL_BUF_A, FL_BUF_B, 1, 2, how_yz, len);
            add_fused(plan, p, R, 1, s, other(s), twist);
            s = other(s);
        }
        snprintf(how_x, len, "axis x (H=%zu) and the %s in one pass", R->m,
                 inverse ? "inverse twist" : "twist");
        return s;
    }
    if (!inverse) { /* the last x pass twists too: its output is X */
        s = fl_layout_launches(plan, &R->x, elem, FL_BUF_A, FL_BUF_B, 0, 0, how_x, len);
        make_paired(&plan->launch[plan->nlaunch - 1], R, last_x_pass(R), 0, twist,
                    pair_sweeps(p, R, why, sizeof why), elem);
        if (multi)
            s = fl_layout_launches(plan, &R->yz, elem, s, other(s), 0, 0, how_yz, len);
    } else { /* the outer axes (conj in), then x, whose first pass untwists from X */
        if (multi)
            s = fl_layout_launches(plan, &R->yz, elem, FL_BUF_A, FL_BUF_B, 1, 2, how_yz, len);
        int at = plan->nlaunch;
        s = fl_layout_launches(plan, &R->x, elem, s, other(s), 1, 2, how_x, len);
        make_paired(&plan->launch[at], R, 0, 1, twist, 1, elem);
    }
    size_t used = strlen(how_x);
    snprintf(how_x + used, len - used, ", the %s in its %s pass",
             inverse ? "inverse twist" : "twist", inverse ? "first" : "last");
    return s;
}
