/* 11_convolution: long signals in blocks (kernels/11_blocks.cl), for a filter much shorter
 * than the signal: --variant overlap_save, and the exercise's --variant overlap_add.
 *
 * The default plans transform the whole padded signal, M >= N + K - 1 points, however short
 * the filter. Overlap-save cuts the signal into blocks of W points instead (W about 8 K by
 * default, blocks.c; --block W), each block's W-point FFT multiplied by the filter's
 * W-point spectrum and transformed back: the same work per point as a W-point FFT, not an
 * M-point one, and blocks that fit a work-group's local memory where M would take several
 * passes. blocks.c states which sample each block reads and which outputs it keeps (and
 * checks it on the host, tests/unit/test_conv_blocks.c); ols_load and ols_store do that
 * on the device, around 06's passes on the batch of blocks (common/fft/axis_plan.c) and
 * the chapter's conv_product with the table "spectrum" of the W-point grid.
 *
 * overlap_add runs the same plan with the exercise's kernels in place of the two ends
 * (ola_load, ola_add: exercises/11_convolution/overlap_add.cl): the blocks hold pieces of
 * L = W - K + 1 samples and zeros, and the outputs of neighbouring blocks add up.
 *
 * 1-D, linear mode, complex data. main.c calls this file; it calls setup.c and blocks.c. */
#include "conv.h"
#include "tasks.h"

#include <stdio.h>
#include <string.h>

#define BLOCK_ITEMS 64 /* work-items per group of the load, store and product kernels */

int conv_is_blocked(const char *variant)
{
    return strcmp(variant, "overlap_save") == 0 || strcmp(variant, "overlap_add") == 0;
}

static int is_add(const struct conv *cv)
{
    return strcmp(cv->p->variant, "overlap_add") == 0;
}

int conv_blocks(const struct conv *cv, const char *variant, struct ols_blocks *o, char *why,
                size_t len)
{
    if (cv->ndims != 1 || cv->mode != CONV_LINEAR || cv->real) {
        snprintf(why, len, "--variant %s computes a linear convolution of 1-D complex signals "
                 "in blocks (--mode linear, a size like 100000)", variant);
        return -1;
    }
    if (ols_plan(cv->dims[0], cv->fdims[0], conv_args.block, o, why, len) != 0)
        return -1;
    if (strcmp(variant, "overlap_add") == 0) /* pieces of L samples: ceil(Nx / L) of them */
        o->nblocks = (o->nx + o->hop - 1) / o->hop;
    if (o->b > ((size_t)1 << 26) || o->nblocks * o->b * cv->batch > ((size_t)1 << 30)) {
        snprintf(why, len, "--variant %s: %zu blocks of %zu x batch %zu is more than 2^30 "
                 "values", variant, o->nblocks, o->b, cv->batch);
        return -1;
    }
    return 0;
}

/* The batch of blocks as 1-D transforms of W points: the layout of the passes. */
static int block_layout(const struct conv *cv, const struct ols_blocks *o, struct fl_layout *L,
                        char *why, size_t len)
{
    const struct fl_problem *p = cv->p;
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : CONV_DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, conv_elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    struct fl_layout_spec spec = {1, {o->b}, o->nblocks * cv->batch, 0, 0, &lim, 0, 0, "W"};
    return fl_layout_make(&spec, L, why, len);
}

/* A 1-D launch of KERNEL over COUNT items, the blocks' seven ints after its two buffers. */
static struct fl_launch *block_launch(struct fl_plan *plan, const char *kernel, size_t count,
                                      int src, int dst)
{
    size_t global[1] = {(count + BLOCK_ITEMS - 1) / BLOCK_ITEMS * BLOCK_ITEMS};
    size_t local[1] = {BLOCK_ITEMS};
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    return l;
}

void conv_plan_blocks(const struct conv *cv, struct fl_plan *plan)
{
    static struct fl_layout L;
    struct ols_blocks o;
    char why[256], fwd[320], inv[320], text[320];
    int add = is_add(cv);
    if (conv_blocks(cv, cv->p->variant, &o, why, sizeof why) != 0 ||
        block_layout(cv, &o, &L, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    /* the filter's spectrum on the W-point grid of a block, divided by W */
    struct conv grid = *cv;
    grid.mdims[0] = grid.mn = o.b;
    int spectrum = conv_spectrum_table(plan, &grid);
    size_t values = o.nblocks * o.b * cv->batch;
    int s0 = fl_plan_scratch(plan, "blocks0", values), s1 = fl_plan_scratch(plan, "blocks1", values);
    struct fl_launch *l = block_launch(plan, add ? "ola_load" : "ols_load", values, FL_BUF_A, s0);
    fl_arg_int(l, (int)o.nx);
    if (!add)
        fl_arg_int(l, (int)o.k);
    fl_arg_int(l, (int)o.hop);
    fl_arg_int(l, (int)o.b);
    fl_arg_int(l, (int)o.nblocks);
    fl_arg_int(l, (int)cv->batch);
    if (add)
        fl_launch_note(l, "overlap-add: %zu blocks of W = %zu per array, each a piece of L = %zu "
                       "samples and K - 1 = %zu zeros (your ola_source)", o.nblocks, o.b, o.hop,
                       o.k - 1);
    else
        fl_launch_note(l, "overlap-save: %zu blocks of W = %zu per array, block b = x[b L - (K - "
                       "1) ..] with L = W - K + 1 = %zu (zeros outside x)", o.nblocks, o.b, o.hop);
    int r = fl_layout_launches(plan, &L, conv_elem_bytes(cv->p), s0, s1, 0, 0, fwd, sizeof fwd);
    /* conv_product (kernels/11_convolution.cl) on every block: (W, blocks x batch) items */
    size_t global[2] = {(o.b + BLOCK_ITEMS - 1) / BLOCK_ITEMS * BLOCK_ITEMS,
                        o.nblocks * cv->batch};
    size_t local[2] = {BLOCK_ITEMS, 1};
    l = fl_plan_add(plan, "conv_product", 2, global, local);
    fl_arg_buffer(l, r);
    fl_arg_buffer(l, spectrum);
    fl_arg_int(l, (int)o.b);
    fl_launch_note(l, "every block's spectrum times Hh = FFT_W(h)/W in place (from the host "
                   "once: the table \"spectrum\")");
    r = fl_layout_launches(plan, &L, conv_elem_bytes(cv->p), r, r == s0 ? s1 : s0, 1, 2, inv,
                           sizeof inv);
    l = block_launch(plan, add ? "ola_add" : "ols_store", o.ny * cv->batch, r, FL_BUF_B);
    fl_arg_int(l, (int)o.ny);
    if (!add)
        fl_arg_int(l, (int)o.k);
    fl_arg_int(l, (int)o.hop);
    fl_arg_int(l, (int)o.b);
    fl_arg_int(l, (int)o.nblocks);
    fl_arg_int(l, (int)cv->batch);
    if (add)
        fl_launch_note(l, "overlap-add: y_n, n < N + K - 1 = %zu, the sum of the blocks' outputs "
                       "at n (your ola_output)", o.ny);
    else
        fl_launch_note(l, "overlap-save: y_n from block n / L at n mod L + K - 1: each block's "
                       "first K - 1 = %zu outputs wrapped around and are dropped", o.k - 1);
    plan->result = FL_BUF_B;
    snprintf(text, sizeof text, "%zu x batch %zu, filter %zu, linear: y has N + K - 1 = %zu",
             cv->dims[0], cv->batch, cv->fdims[0], o.ny);
    snprintf(plan->summary, sizeof plan->summary, "%.150s. %s in %zu blocks of W = %zu (hop L = "
             "%zu): %s, %.140s, conv_product, the same passes inverse, %s: %d launches.", text,
             add ? "overlap-add" : "overlap-save", o.nblocks, o.b, o.hop,
             add ? "ola_load" : "ols_load", fwd, add ? "ola_add" : "ols_store", plan->nlaunch);
}

void conv_blocks_options(const struct conv *cv, char *opts, size_t len)
{
    static struct fl_layout L;
    struct ols_blocks o;
    char why[256];
    opts[0] = '\0';
    if (conv_blocks(cv, cv->p->variant, &o, why, sizeof why) != 0 ||
        block_layout(cv, &o, &L, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = fl_layout_options(&L, opts, 0, len);
    if ((size_t)snprintf(opts + used, len - used, "%s", CONV_NO_FUSED_OPTIONS) >= len - used)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
}

int conv_blocks_check(const struct conv *cv, char *why, size_t len)
{
    static struct fl_layout L;
    struct ols_blocks o;
    if (conv_blocks(cv, cv->p->variant, &o, why, len) != 0)
        return -1;
    return block_layout(cv, &o, &L, why, len);
}
