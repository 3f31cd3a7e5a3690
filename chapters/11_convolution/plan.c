/* 11_convolution: the plans (kernels/11_convolution.cl; the passes are 06's and 07's, laid
 * out on the grid M by common/fft/axis_plan.c).
 *
 *   unfused  [conv_box: pad x into the grid], the forward passes of every axis, conv_product
 *            (times Hh, in place), the inverse passes (conj in the first, conj out the
 *            last), [conv_box: cut y out of the grid]. Circular: no pad or cut, the grid is
 *            the signal's and the passes run in A and B.
 *   fused    see conv_plan_fused below. */
#include "conv.h"

#include <stdio.h>
#include <string.h>

/* conv.h */
struct fl_launch *conv_box_launch(struct fl_plan *plan, const struct conv *cv, const char *kernel,
                                  int src, int dst, const size_t *sdims, const size_t *ddims)
{
    size_t sy = cv->ndims == 2 ? sdims[0] : 1, sx = sdims[cv->ndims - 1];
    size_t dy = cv->ndims == 2 ? ddims[0] : 1, dx = ddims[cv->ndims - 1];
    size_t count = dy * dx, items = conv_stream_items(cv->p);
    size_t global[2] = {(count + items - 1) / items * items, cv->batch};
    size_t local[2] = {items, 1};
    struct fl_launch *l = fl_plan_add(plan, kernel, 2, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_int(l, (int)sy);
    fl_arg_int(l, (int)sx);
    fl_arg_int(l, (int)dy);
    fl_arg_int(l, (int)dx);
    return l;
}

/* Linear mode's pad: two scratch grids of M per array (*A and *B, the passes' ping and
 * pong), x copied into the first with zeros after it. */
static void pad_into_grids(struct fl_plan *plan, const struct conv *cv, int *a, int *b)
{
    *a = fl_plan_scratch(plan, "grid0", cv->mn * cv->batch);
    *b = fl_plan_scratch(plan, "grid1", cv->mn * cv->batch);
    struct fl_launch *l = conv_box_launch(plan, cv, "conv_box", FL_BUF_A, *a, cv->dims, cv->mdims);
    fl_launch_note(l, "pad: x (%zu points) into the grid of M = %zu, zeros after it", cv->n,
                   cv->mn);
}

/* Linear mode's cut: y, the first N + K - 1 per axis of the grid in slot R, into buffer B;
 * returns B, the plan's result. */
static int cut_from_grid(struct fl_plan *plan, const struct conv *cv, int r)
{
    struct fl_launch *l = conv_box_launch(plan, cv, "conv_box", r, FL_BUF_B, cv->mdims, cv->odims);
    fl_launch_note(l, "cut: y = the first %zu of the M = %zu values (N + K - 1 per axis)", cv->on,
                   cv->mn);
    return FL_BUF_B;
}

/* conv.h */
struct fl_launch *conv_product_launch(struct fl_plan *plan, const struct conv *cv, int z,
                                      int spectrum, size_t count, size_t rows)
{
    size_t items = conv_stream_items(cv->p);
    size_t global[2] = {(count + items - 1) / items * items, rows};
    size_t local[2] = {items, 1};
    struct fl_launch *l = fl_plan_add(plan, "conv_product", 2, global, local);
    fl_arg_buffer(l, z);
    fl_arg_buffer(l, spectrum);
    fl_arg_int(l, (int)count);
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
    int spectrum = conv_spectrum_table(plan, cv, 0);
    int linear = cv->mode == CONV_LINEAR;
    int src = FL_BUF_A, dst = FL_BUF_B;
    if (linear)
        pad_into_grids(plan, cv, &src, &dst);
    int r = fl_layout_launches(plan, &L, elem, src, dst, 0, 0, fwd, sizeof fwd);
    struct fl_launch *l = conv_product_launch(plan, cv, r, spectrum, cv->mn, cv->batch);
    fl_launch_note(l, "Z = FFT_M(x) * Hh in place, %zu values per array (Hh = FFT_M(h) / M, "
                   "from the host once: the table \"spectrum\")", cv->mn);
    /* the inverse as conj(FFT(conj Z)): conj in the first pass, conj out the last */
    r = fl_layout_launches(plan, &L, elem, r, r == src ? dst : src, 1, 2, inv, sizeof inv);
    plan->result = linear ? cut_from_grid(plan, cv, r) : r;
    conv_text(cv, text, sizeof text);
    if (!fwd[0]) /* a grid of one point: its FFT is itself */
        snprintf(fwd, sizeof fwd, "no pass (a grid of one point)");
    /* the summary is 512 bytes: the axes' line is cut at 200 characters */
    snprintf(plan->summary, sizeof plan->summary, "%.180s. unfused: %s%.200s, conv_product, the "
             "same passes inverse%s: %d launch%s.", text, linear ? "pad, " : "", fwd,
             linear ? ", cut" : "", plan->nlaunch, plan->nlaunch == 1 ? "" : "es");
}

/* How the fused plan does the rows of the grid (axis x): one kernel, the middle two
 * passes in one, or the product in the last forward pass's stores; rows of one point
 * (Mx = 1: no pass, the FFT of a row is the row) have nothing to fuse into. */
enum rows_way { ROWS_NONE, ROWS_ONE_KERNEL, ROWS_MIDDLE, ROWS_HOOKED };

static enum rows_way rows_way(const struct fl_layout *L)
{
    int passes = L->ax[0].rp.npasses;
    return passes == 0 ? ROWS_NONE : passes == 1 ? ROWS_ONE_KERNEL : passes == 2 ? ROWS_MIDDLE
                                                                                : ROWS_HOOKED;
}

/* Whether the fused plan uses 06's hooks (-D FL_PASS_HOOKS): rows in several passes. */
static int fused_hooks(const struct fl_layout *L)
{
    enum rows_way w = rows_way(L);
    return w == ROWS_MIDDLE || w == ROWS_HOOKED;
}

/* A launch of one of this file's hooked kernels (conv_middle's too), pass K's shape of the
 * rows (PS: another pass's shape), SRC -> DST: x, y, u, tw, hs, lines. (conv_fused takes
 * tw twice: fused_rows launches it itself.) */
static struct fl_launch *rows_launch(struct fl_plan *plan, const struct fl_axis *a,
                                     const struct fl_radix_pass *ps, const char *kernel, int src,
                                     int dst, size_t elem, int tw, int hs)
{
    struct fl_launch *l = fl_axis_pass_launch(plan, a, ps, kernel, src, dst, elem);
    fl_arg_buffer(l, tw);
    fl_arg_buffer(l, hs);
    fl_arg_int(l, (int)a->lines);
    return l;
}

/* 07's row pass K (fft_rows_x_p<K>) with FLAGS, SRC -> DST. */
static struct fl_launch *plain_rows_launch(struct fl_plan *plan, const struct fl_axis *a, int k,
                                           int src, int dst, size_t elem, int tw, int flags)
{
    char kernel[32];
    snprintf(kernel, sizeof kernel, "fft_rows_x_p%d", k);
    struct fl_launch *l = fl_axis_pass_launch(plan, a, &a->rp.pass[k], kernel, src, dst, elem);
    fl_arg_buffer(l, tw);
    fl_arg_int(l, (int)a->lines);
    fl_arg_int(l, flags);
    return l;
}

/* The rows of the grid, fused, from slot SRC through the work slots W0 and W1 (a pass
 * reads one and writes the other) to DST (-1: whichever work slot the last pass writes).
 * 1-D: the pad in the first pass's loads, the cut in the last's stores; 2-D: whole rows of
 * M, the last pass's stores not conjugated (CONV_ROWS_LAST 0: the columns after do it).
 * Returns the slot of the result; WHERE says what it did, for the summary. */
static int fused_rows(struct fl_plan *plan, const struct conv *cv, const struct fl_axis *a,
                      enum rows_way way, int src, int w0, int w1, int dst, int hs, char *where,
                      size_t len)
{
    size_t elem = conv_elem_bytes(cv->p);
    const struct fl_radix_plan *rp = &a->rp;
    int one_d = cv->ndims == 1, tw = fl_twiddle_table(plan, "twiddles_x", a->n, a->lo_bits);
    char rs[64];
    struct fl_launch *l;
    if (way == ROWS_ONE_KERNEL) {
        const struct fl_radix_pass *ps = &rp->pass[0];
        fl_radix_join(ps->radix, ps->nstages, rs, sizeof rs);
        l = fl_axis_pass_launch(plan, a, ps, "conv_fused", src, dst, elem);
        fl_arg_buffer(l, tw);
        fl_arg_buffer(l, tw); /* tw_inv: the same table, for the inverse (fused_row) */
        fl_arg_buffer(l, hs);
        fl_arg_int(l, (int)a->lines);
        fl_launch_note(l, "rows of M=%zu = %s, %zu row%s x %zu items per group: %sFFT_M, *Hh, "
                       "FFT_M (conjugated)%s", a->n, rs, ps->columns, ps->columns == 1 ? "" : "s",
                       ps->items, one_d && cv->n < a->n ? "x zero-padded from N, " : "",
                       one_d && cv->on < a->n ? ", the first N + K - 1 out" : "");
        snprintf(where, len, "the rows' forward FFT, the product and the inverse FFT in one "
                 "launch (a row of M = %zu fits a work-group: %zu at most)%s", a->n,
                 rp->single_pass_max, one_d && cv->mode == CONV_LINEAR ? "; the pad in its "
                 "loads, the cut in its stores" : "");
        return dst;
    }
    if (way == ROWS_MIDDLE) {
        const struct fl_radix_pass *p0 = &rp->pass[0], *p1 = &rp->pass[1];
        if (one_d) {
            l = rows_launch(plan, a, p0, "conv_forward_first", src, w0, elem, tw, hs);
            fl_launch_note(l, "forward pass 1/2: p=1 Q=%zu; %zu columns x %zu items; loads x, "
                           "0 past N = %zu", p0->q, p0->columns, p0->items, cv->n);
        } else {
            l = plain_rows_launch(plan, a, 0, src, w0, elem, tw, 0);
            fl_launch_note(l, "axis x rows, forward pass 1/2: p=1 Q=%zu; %zu columns x %zu items",
                           p0->q, p0->columns, p0->items);
        }
        fl_radix_join(p1->radix, p1->nstages, rs, sizeof rs);
        l = rows_launch(plan, a, p1, "conv_middle", w0, w1, elem, tw, hs);
        fl_launch_note(l, "forward pass 2/2 (p=%zu Q=%zu = %s), *Hh, conj, inverse pass 1/2 "
                       "(p=1, the same columns); %zu columns x %zu items", p0->q, p1->q, rs,
                       p1->columns, p1->items);
        /* pass 0's shape with the span of the middle's Q (the kernel's BS_P_AS) */
        dst = dst < 0 ? w0 : dst;
        l = rows_launch(plan, a, p0, "conv_inverse_after_middle", w1, dst, elem, tw, hs);
        if (one_d)
            fl_launch_note(l, "inverse pass 2/2: p=%zu Q=%zu; %zu columns x %zu items; stores "
                           "conj, the first %zu", p1->q, p0->q, p0->columns, p0->items, cv->on);
        else
            fl_launch_note(l, "axis x rows, inverse pass 2/2: p=%zu Q=%zu; %zu columns x %zu "
                           "items", p1->q, p0->q, p0->columns, p0->items);
        snprintf(where, len, "rows of M = %zu in two passes (Q = %zu x %zu): the forward's "
                 "last pass, the product and the inverse's first in one launch (conv_middle)%s",
                 a->n, p0->q, p1->q, one_d ? "; the pad in the first pass's loads, the cut in "
                 "the last's stores" : "");
        return dst;
    }
    /* three passes or more (1-D): W0, W1, W0, ... the last into DST */
    int passes = rp->npasses, step = 0, total = 2 * passes, from = src;
    int work[2] = {w0, w1};
    for (int inv = 0; inv < 2; inv++)
        for (int k = 0; k < passes; k++, step++) {
            const struct fl_radix_pass *ps = &rp->pass[k];
            int to = step == total - 1 && dst >= 0 && dst != from ? dst : work[step % 2];
            fl_radix_join(ps->radix, ps->nstages, rs, sizeof rs);
            const char *kernel = !inv && k == 0 ? "conv_forward_first"
                               : !inv && k == passes - 1 ? "conv_forward_last"
                               : inv && k == passes - 1 ? "conv_inverse_last" : NULL;
            if (kernel)
                l = rows_launch(plan, a, ps, kernel, from, to, elem, tw, hs);
            else
                l = plain_rows_launch(plan, a, k, from, to, elem, tw, inv && k == 0 ? 1 : 0);
            fl_launch_note(l, "%s%s pass %d/%d: p=%zu Q=%zu = %s; %zu columns x %zu items%s",
                           one_d ? "" : "axis x rows, ", inv ? "inverse" : "forward", k + 1,
                           passes, ps->span, ps->q, rs, ps->columns, ps->items,
                           !inv && k == passes - 1 ? "; stores V*Hh"
                           : !one_d ? ""
                           : !inv && k == 0 ? "; loads x, 0 past N"
                           : inv && k == passes - 1 ? "; stores conj, the first N + K - 1 (circular: N)" : "");
            from = to;
        }
    snprintf(where, len, "rows of M = %zu in %d passes: the product in the last forward "
             "pass's stores%s", a->n, passes, one_d ? ", the pad in the first pass's loads, "
             "the cut in the last's stores" : "");
    return from;
}

/* fused. 1-D: the rows of the grid as fused_rows does them, A -> B (work slots for a
 * linear grid, longer than A and B). 2-D: [pad], the column passes forward (07's), the
 * rows fused, the column passes inverse, [cut]. */
void conv_plan_fused(const struct conv *cv, struct fl_plan *plan)
{
    static struct fl_layout L, Ly;
    char why[256], where[400], text[320], cols_f[320] = "", cols_i[320] = "";
    const struct fl_problem *p = cv->p;
    size_t elem = conv_elem_bytes(p);
    if (conv_layout(cv, &L, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    enum rows_way way = rows_way(&L);
    if (way == ROWS_NONE) {
        conv_plan_unfused(cv, plan);
        size_t used = strlen(plan->summary);
        snprintf(plan->summary + used, sizeof plan->summary - used, " (fused: rows of one "
                 "point have no pass to put the product in: the unfused plan)");
        return;
    }
    int hs = conv_spectrum_table(plan, cv, 0);
    int linear = cv->mode == CONV_LINEAR;
    conv_text(cv, text, sizeof text);
    if (cv->ndims == 1) {
        /* the grid is larger than A and B when linear: work slots between the launches;
         * circular: A and B, the input read by the first launch */
        int w0 = FL_BUF_B, w1 = FL_BUF_A, dst = FL_BUF_B;
        if (linear && way != ROWS_ONE_KERNEL) {
            w0 = fl_plan_scratch(plan, "grid0", cv->mn * cv->batch);
            w1 = fl_plan_scratch(plan, "grid1", cv->mn * cv->batch);
        }
        if (way == ROWS_HOOKED && !linear)
            dst = -1; /* the last pass's output stays where it is */
        plan->result = fused_rows(plan, cv, &L.ax[0], way, FL_BUF_A, w0, w1, dst, hs, where,
                                  sizeof where);
        snprintf(plan->summary, sizeof plan->summary, "%.200s. fused: %.260s; %d launch%s.",
                 text, where, plan->nlaunch, plan->nlaunch == 1 ? "" : "es");
        return;
    }
    /* 2-D: the columns (axis y) by 07's passes, planned as in the whole grid's layout */
    struct fl_layout_spec spec;
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : CONV_DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem, wg < p->dev->max_wg ? wg : p->dev->max_wg);
    memset(&spec, 0, sizeof spec);
    spec.ndims = 2;
    memcpy(spec.dims, cv->mdims, sizeof cv->mdims);
    spec.batch = cv->batch;
    spec.axes = 2;
    spec.lim = &lim;
    spec.x_len = "M";
    if (fl_layout_make(&spec, &Ly, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why);
    int a = FL_BUF_A, b = FL_BUF_B;
    if (linear)
        pad_into_grids(plan, cv, &a, &b);
    int r = fl_layout_launches(plan, &Ly, elem, a, b, 0, 0, cols_f, sizeof cols_f);
    int other = r == a ? b : a;
    /* conv_fused ends with a whole inverse along x (conj in and out); the middle's and the
     * hooked rows end conjugated (CONV_ROWS_LAST 0), so the columns then conjugate only
     * what they write */
    int rr = fused_rows(plan, cv, &L.ax[0], way, r, other, r, other, hs, where, sizeof where);
    r = fl_layout_launches(plan, &Ly, elem, rr, rr == a ? b : a, way == ROWS_ONE_KERNEL ? 1 : 0, 2,
                           cols_i, sizeof cols_i);
    plan->result = linear ? cut_from_grid(plan, cv, r) : r;
    if (!cols_f[0]) /* My = 1: no column pass */
        snprintf(plan->summary, sizeof plan->summary, "%.160s. fused: %s%.200s%s: %d launch%s.",
                 text, linear ? "pad, " : "", where, linear ? ", cut" : "", plan->nlaunch,
                 plan->nlaunch == 1 ? "" : "es");
    else
        snprintf(plan->summary, sizeof plan->summary, "%.160s. fused: %s%.120s forward; %.160s; "
                 "the columns inverse%s: %d launches.", text, linear ? "pad, " : "", cols_f,
                 where, linear ? ", cut" : "", plan->nlaunch);
}

void conv_build_options(const struct conv *cv, const char *variant, char *opts, size_t len)
{
    static struct fl_layout L;
    char why[256];
    opts[0] = '\0';
    if (conv_layout(cv, &L, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = fl_layout_options(&L, opts, 0, len);
    int fused = strcmp(variant, "unfused") != 0, one_d = cv->ndims == 1;
    size_t mid_rows = one_d ? 1 : cv->mdims[0], mx = cv->mdims[cv->ndims - 1];
    used += (size_t)snprintf(opts + used, len - used, " -D CONV_NX=%zu -D CONV_NY=%zu "
                             "-D CONV_MID_ROWS=%zu -D PASS_MIDDLE_ROWS=%zu -D CONV_ROWS_LAST=%d%s",
                             one_d ? cv->dims[0] : mx, one_d ? cv->odims[0] : mx, mid_rows,
                             mid_rows, one_d, fused && fused_hooks(&L) ? " -D FL_PASS_HOOKS" : "");
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
}
