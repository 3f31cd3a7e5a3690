/* 11_convolution: the plans (kernels/11_convolution.cl; the passes are 06's and 07's, laid
 * out on the grid M by common/fft/axis_plan.c).
 *
 *   unfused  [conv_box: pad x into the grid], the forward passes of every axis, conv_product
 *            (times H/M, in place), the inverse passes (conj in the first, conj out the
 *            last), [conv_box: cut y out of the grid]. Circular: no pad or cut, the grid is
 *            the signal's and the passes run in A and B.
 *   fused    see conv_plan_fused below. */
#include "conv.h"

#include <stdio.h>
#include <string.h>

#define BOX_ITEMS 64  /* work-items per group of conv_box and conv_product */

/* conv_box: each of the batch arrays SRC (shape sy x sx) into DST (shape dy x dx), the
 * corner they share copied, the rest of DST zero: a pad (the signal into the grid) or a
 * cut (the output out of it). */
static struct fl_launch *box_launch(struct fl_plan *plan, const struct conv *cv, int src, int dst,
                                    const size_t *sdims, const size_t *ddims)
{
    size_t sy = cv->ndims == 2 ? sdims[0] : 1, sx = sdims[cv->ndims - 1];
    size_t dy = cv->ndims == 2 ? ddims[0] : 1, dx = ddims[cv->ndims - 1];
    size_t count = dy * dx;
    size_t global[2] = {(count + BOX_ITEMS - 1) / BOX_ITEMS * BOX_ITEMS, cv->batch};
    size_t local[2] = {BOX_ITEMS, 1};
    struct fl_launch *l = fl_plan_add(plan, "conv_box", 2, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_int(l, (int)sy);
    fl_arg_int(l, (int)sx);
    fl_arg_int(l, (int)dy);
    fl_arg_int(l, (int)dx);
    return l;
}

/* conv_product: Z = Z * H/M in place, over the batch's grids in slot Z. */
static struct fl_launch *product_launch(struct fl_plan *plan, const struct conv *cv, int z,
                                        int spectrum)
{
    size_t global[2] = {(cv->mn + BOX_ITEMS - 1) / BOX_ITEMS * BOX_ITEMS, cv->batch};
    size_t local[2] = {BOX_ITEMS, 1};
    struct fl_launch *l = fl_plan_add(plan, "conv_product", 2, global, local);
    fl_arg_buffer(l, z);
    fl_arg_buffer(l, spectrum);
    fl_arg_int(l, (int)cv->mn);
    fl_launch_note(l, "Z = FFT_M(x) * H/M in place, %zu values per array (H = FFT_M(h), from "
                   "the host once: the table \"spectrum\")", cv->mn);
    return l;
}

void conv_plan_unfused(const struct conv *cv, struct fl_plan *plan)
{
    static struct fl_layout L;
    char why[256], fwd[320], inv[320], text[320];
    const struct fl_problem *p = cv->p;
    size_t elem = conv_elem_bytes(p);
    if (conv_layout(cv, &L, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    int spectrum = conv_spectrum_table(plan, cv);
    int linear = cv->mode == CONV_LINEAR;
    int src = FL_BUF_A, dst = FL_BUF_B;
    if (linear) {
        src = fl_plan_scratch(plan, "grid0", cv->mn * cv->batch);
        dst = fl_plan_scratch(plan, "grid1", cv->mn * cv->batch);
        struct fl_launch *l = box_launch(plan, cv, FL_BUF_A, src, cv->dims, cv->mdims);
        fl_launch_note(l, "pad: x (%zu points) into the grid of M = %zu, zeros after it", cv->n,
                       cv->mn);
    }
    int r = fl_layout_launches(plan, &L, elem, src, dst, 0, 0, fwd, sizeof fwd);
    product_launch(plan, cv, r, spectrum);
    /* the inverse as conj(FFT(conj Z)): conj in the first pass, conj out the last */
    r = fl_layout_launches(plan, &L, elem, r, r == src ? dst : src, 1, 2, inv, sizeof inv);
    plan->result = r;
    if (linear) {
        struct fl_launch *l = box_launch(plan, cv, r, FL_BUF_B, cv->mdims, cv->odims);
        fl_launch_note(l, "cut: y = the first %zu of the M = %zu values (N + K - 1 per axis)",
                       cv->on, cv->mn);
        plan->result = FL_BUF_B;
    }
    conv_text(cv, text, sizeof text);
    /* the summary is 512 bytes: the axes' line is cut at 200 characters */
    snprintf(plan->summary, sizeof plan->summary, "%.180s. unfused: %s%.200s, conv_product, the "
             "same passes inverse%s: %d launches.", text, linear ? "pad, " : "", fwd,
             linear ? ", cut" : "", plan->nlaunch);
}

void conv_plan_fused(const struct conv *cv, struct fl_plan *plan)
{
    /* (the fused passes come next; until then the unfused sequence) */
    conv_plan_unfused(cv, plan);
}

void conv_build_options(const struct conv *cv, const char *variant, char *opts, size_t len)
{
    static struct fl_layout L;
    char why[256];
    (void)variant;
    opts[0] = '\0';
    if (conv_layout(cv, &L, why, sizeof why) != 0)
        return; /* check() refused it already */
    fl_layout_options(&L, opts, 0, len);
}
