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
 * Real data (--real, a float32 --input, the tasks) runs overlap_save through 09's R2C and
 * C2R of the blocks (W even), the product on each block's W/2 + 1 values
 * (ols_load_real, ols_store_real); overlap_add takes complex data only. 1-D, linear mode.
 * main.c calls this file; it calls setup.c, real.c and blocks.c. */
#include "conv.h"
#include "tasks.h"

#include "../../common/fft/real_plan.h"

#include <stdio.h>
#include <string.h>

#define BLOCK_ITEMS 64 /* work-items per group of the load and store kernels */

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
    int add = strcmp(variant, "overlap_add") == 0;
    if (cv->ndims != 1 || cv->mode != CONV_LINEAR || (cv->real && add)) {
        snprintf(why, len, "--variant %s computes a linear convolution of 1-D %ssignals in "
                 "blocks (--mode linear, a size like 100000)", variant, add ? "complex " : "");
        return -1;
    }
    if (ols_plan(cv->dims[0], cv->fdims[0], conv_args.block, o, why, len) != 0)
        return -1;
    if (cv->real && o->b % 2) { /* R2C reads a block of W reals as W/2 complex values */
        if (conv_args.block) {
            snprintf(why, len, "--variant %s of real data: the block length W = %zu must be "
                     "even (R2C reads it as W/2 complex values)", variant, o->b);
            return -1;
        }
        size_t w = o->b;
        while (w % 2)
            w = fl_smooth_at_least(w + 1, NULL);
        if (ols_plan(cv->dims[0], cv->fdims[0], w, o, why, len) != 0)
            return -1;
    }
    if (strcmp(variant, "overlap_add") == 0) /* pieces of L samples: ceil(Nx / L) of them */
        o->nblocks = (o->nx + o->hop - 1) / o->hop;
    if (o->b > ((size_t)1 << 26) || o->nblocks * o->b * cv->batch > ((size_t)1 << 30)) {
        snprintf(why, len, "--variant %s: %zu blocks of %zu x batch %zu is more than 2^30 "
                 "values", variant, o->nblocks, o->b, cv->batch);
        return -1;
    }
    return 0;
}

/* The transforms of the blocks: complex data, 06's passes on the batch of rows of W (L);
 * real data, 09's R2C and C2R of rows of W reals (R). */
struct block_ffts {
    int real;
    struct fl_layout L;
    struct fl_real_plan R;
};

static int block_layout(const struct conv *cv, const struct ols_blocks *o, struct block_ffts *f,
                        char *why, size_t len)
{
    const struct fl_problem *p = cv->p;
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : CONV_DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, conv_elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    f->real = cv->real;
    size_t rows = o->nblocks * cv->batch;
    if (f->real)
        return fl_real_plan_make(1, &o->b, rows, &lim, &lim, 0, &f->R, why, len);
    struct fl_layout_spec spec = {1, {o->b}, rows, 0, 0, &lim, 0, 0, "W"};
    return fl_layout_make(&spec, &f->L, why, len);
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

/* The block kernel's ints after its buffers: NX or NY, K (overlap-save), L, W, blocks,
 * batch. */
static void block_args(struct fl_launch *l, const struct conv *cv, const struct ols_blocks *o,
                       size_t n, int add)
{
    fl_arg_int(l, (int)n);
    if (!add)
        fl_arg_int(l, (int)o->k);
    fl_arg_int(l, (int)o->hop);
    fl_arg_int(l, (int)o->b);
    fl_arg_int(l, (int)o->nblocks);
    fl_arg_int(l, (int)cv->batch);
}

/* The transforms of every block, forward (INVERSE 0) or inverse, SRC and DST ping-pong;
 * TWIST: the real plan's table. Returns the slot holding the result. */
static int block_transforms(struct fl_plan *plan, const struct conv *cv, const struct block_ffts *f,
                            int inverse, int src, int dst, int twist, char *how, size_t len)
{
    size_t elem = conv_elem_bytes(cv->p);
    if (f->real)
        return fl_real_launches(plan, &f->R, inverse, 0, elem, src, dst, twist,
                                cv->p->dev->max_wg, how, NULL, len);
    return fl_layout_launches(plan, &f->L, elem, src, dst, inverse, inverse ? 2 : 0, how, len);
}

void conv_plan_blocks(const struct conv *cv, struct fl_plan *plan)
{
    static struct block_ffts f;
    struct ols_blocks o;
    char why[256], fwd[320] = "", inv[320] = "", text[320];
    int add = is_add(cv);
    if (conv_blocks(cv, cv->p->variant, &o, why, sizeof why) != 0 ||
        block_layout(cv, &o, &f, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    /* the filter's spectrum on the W-point grid of a block, divided by W (real data: its
     * half, W/2 + 1 values) */
    struct conv grid = *cv;
    grid.mdims[0] = grid.mn = o.b;
    size_t per_block = conv_spectrum_values(&grid, f.real); /* a block's spectrum's values */
    int spectrum = conv_spectrum_table(plan, &grid, f.real);
    int twist = f.real ? fl_real_twist_table(plan, o.b) : -1;
    size_t rows = o.nblocks * cv->batch;
    int s0 = fl_plan_scratch(plan, "blocks0", rows * per_block);
    int s1 = fl_plan_scratch(plan, "blocks1", rows * per_block);
    const char *load = add ? "ola_load" : f.real ? "ols_load_real" : "ols_load";
    const char *store = add ? "ola_add" : f.real ? "ols_store_real" : "ols_store";
    struct fl_launch *l = block_launch(plan, load, rows * o.b, FL_BUF_A, s0);
    block_args(l, cv, &o, o.nx, add);
    if (add)
        fl_launch_note(l, "overlap-add: %zu blocks of W = %zu per array, each a piece of L = %zu "
                       "samples and K - 1 = %zu zeros (your ola_source)", o.nblocks, o.b, o.hop,
                       o.k - 1);
    else
        fl_launch_note(l, "overlap-save: %zu blocks of W = %zu per array, block b = x[b L - (K - "
                       "1) ..] with L = W - K + 1 = %zu (zeros outside x)", o.nblocks, o.b, o.hop);
    int r = block_transforms(plan, cv, &f, 0, s0, s1, twist, fwd, sizeof fwd);
    /* conv_product (kernels/11_convolution.cl) on every block: (per block, blocks x batch) */
    l = conv_product_launch(plan, cv, r, spectrum, per_block, rows);
    fl_launch_note(l, "every block's %s times Hh = FFT_W(h)/W in place (from the host once: "
                   "the table \"spectrum\")", f.real ? "half spectrum" : "spectrum");
    r = block_transforms(plan, cv, &f, 1, r, r == s0 ? s1 : s0, twist, inv, sizeof inv);
    l = block_launch(plan, store, o.ny * cv->batch, r, FL_BUF_B);
    block_args(l, cv, &o, o.ny, add);
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
             "%zu): %s, %.140s%s, conv_product, the same inverse, %s: %d launches.", text,
             add ? "overlap-add" : "overlap-save", o.nblocks, o.b, o.hop, load, fwd,
             f.real ? ", the twist (real data: 09's R2C and C2R)" : "", store, plan->nlaunch);
}

void conv_blocks_options(const struct conv *cv, char *opts, size_t len)
{
    static struct block_ffts f;
    struct ols_blocks o;
    char why[256];
    opts[0] = '\0';
    if (conv_blocks(cv, cv->p->variant, &o, why, sizeof why) != 0 ||
        block_layout(cv, &o, &f, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = f.real ? fl_real_options(&f.R, opts, 0, len) : fl_layout_options(&f.L, opts, 0, len);
    if ((size_t)snprintf(opts + used, len - used, "%s", CONV_NO_FUSED_OPTIONS) >= len - used)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
}

int conv_blocks_check(const struct conv *cv, char *why, size_t len)
{
    static struct block_ffts f;
    struct ols_blocks o;
    if (conv_blocks(cv, cv->p->variant, &o, why, len) != 0)
        return -1;
    return block_layout(cv, &o, &f, why, len);
}
