/* 09_real_input — real input: R2C by a half-length complex FFT and a twist, C2R back.
 *
 * What changed since 07_multidim: the data is real. A real array's spectrum is
 * Hermitian, X(-k) = conj X(k), so half of it is enough: forward is R2C, N reals in and
 * N/2 + 1 complex values out along the last axis (FFTW's r2c layout, numpy.fft.rfft and
 * rfftn's); --inverse is C2R, that half spectrum back to N reals (not divided by N). The
 * work halves too, and not by giving a complex FFT zero imaginary parts: N reals are read
 * as N/2 complex values z_j = x_2j + i x_2j+1 (the same bytes), an N/2-point complex FFT
 * does them with 06's passes (planned by common/axis_plan.c like 07's axes), and one
 * more kernel, the twist, splits the result into the spectra of the even and the odd
 * samples and joins them into X_k (the last radix-2 step). C2R runs the steps backwards:
 * the inverse twist, then the inverse N/2-point FFT, whose output read as reals is the
 * row. 2-D and 3-D arrays halve the last axis only: the rows of N/2 complex values and the
 * twist, then the outer axes by 07's column passes on the (..., Nx/2 + 1) half spectrum.
 * The twist rides inside a pass (--variant fused). By default (column_pairs), 1-D R2C of
 * rows whose N/2 takes several passes moves it into the FIRST of two passes instead:
 * N = A x B, A-point FFTs of the real columns, two per complex column, split inside the
 * work-group, then B-point FFTs of the columns of the half spectrum the bins need.
 * The harness (common/runner.c, fl_chapter.real_input) reads real .npy files, checks
 * against FFTW's r2c and c2r plans, and counts 2.5 N log2 N flops per transform.
 *
 * Build and run:
 *   make 09_real_input
 *   ./build/09_real_input --size 16 --explain
 *   ./build/09_real_input --size 2^20 --batch 16
 *   ./build/09_real_input --size 512x512 --inverse --precision double
 *   ./build/09_real_input --input x.npy --output X.npy     (float32 (B, N) -> complex64 (B, N/2+1))
 *   ./build/09_real_input --input X.npy --inverse --size 1000 --output x.npy   (and back)
 *   ./build/09_real_input --size 2^20 --variant simd --explain   (on a CPU: 06's simd passes)
 * Kernels: kernels/09_real_input.cl (the twist and its inverse, and the column pairs;
 * --kernels replaces this one), kernels/07_multidim.cl (the row and column passes),
 * kernels/06_passes.cl, kernels/05_register_radix.cl, kernels/06_mixed_radix.cl; for
 * --variant simd (README "On a CPU": the rows by 06's simd passes, the twist 8 pairs per
 * work-item, the outer axes by 07's column kernel) kernels/06_simd.cl, 07_simd.cl and
 * 09_simd.cl. Lesson: README.md. */
#include "../../common/chapter.h"
#include "../../common/axis_plan.h"
#include "../../common/simd_cols.h"
#include "../../common/simd_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"column_pairs", "R2C of 1-D rows whose N/2 takes several passes: the twist moved into the "
     "first of two passes, N = A x B: A-point FFTs of the real columns (two per complex column, "
     "split in the group that holds it), then B-point FFTs of the half the bins need; "
     "everything else (C2R, 2-D and 3-D, shorter rows) is fused's plan; the chapter's default",
     NULL, 0},
    {"fused", "the twist inside a pass of the rows, one read and write of the data less: the "
     "row pass itself when the rows of Nx/2 values take one pass (Nx/2 <= 4096 in fp32), else "
     "the rows' last pass (R2C; C2R: the first), whose groups take mirrored columns", NULL, 0},
    {"twist", "R2C: the N/2-point complex FFT of the reals read as complex pairs, then the "
     "twist in its own pass; C2R: the same backwards (the lesson's first form)", NULL, 0},
    {"post_twist", "twist with your post_twist_pair, the post-processing twist (exercise)",
     "exercises/09_real_input/post_twist.cl", 0},
    {"simd", "for a CPU: the rows of Nx/2 by 06's simd passes (8 columns per work-item as "
     "vectors), the twist 8 pairs per work-item, the outer axes by 07's column kernel; Nx/2 "
     "without a simd plan, or an outer axis that kernel cannot do, take the default plan",
     NULL, 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256  /* work-items per group the planner may use (as in 07)  */
#define PAIRED_WG 512   /* the x axis's, when its rows take several passes and the
                           twist rides in one of them (--variant fused): at 2^20 on the
                           H100 its Q = 512 pass gets 64 items, 8 values each, not 32
                           x 16, which the two-sweep pass needs (see pair_sweeps)      */
#define SWEEP_VALUES 8  /* the most values per item the two-sweep pass may hold      */
#define TWIST_WG 256    /* the twist's group size (any size works)               */

/* The complex transforms of a real problem: the x axis as rows of M = Nx/2 complex values
 * (shape (..., M)), and the outer axes of the half spectrum (shape (..., M + 1)). */
struct real_plan {
    struct fl_layout x, yz;
    size_t nx, m, rows;         /* Nx, M = Nx/2, rows = batch x the outer axes' points */
};

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

static size_t twist_group(const struct fl_problem *p)
{
    return TWIST_WG < p->dev->max_wg ? TWIST_WG : p->dev->max_wg;
}

/* Plan problem P (common/axis_plan.c), or -1 with WHY. */
static int make_real_plan(const struct fl_problem *p, struct real_plan *R, char *why, size_t len)
{
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    memset(R, 0, sizeof *R);
    R->nx = p->dims[p->ndims - 1];
    R->m = R->nx / 2;
    R->rows = p->batch * (p->n / R->nx);
    /* the x axis: rows of M complex values (bit 0 = x) */
    struct fl_radix_limits xlim = lim; /* the x axis's: with --shapes (1-D, fused only) */
    for (int k = 0; k < p->nshapes; k++)
        xlim.shape[k] = p->shape[k];
    struct fl_layout_spec sx = {p->ndims, {0}, p->batch, 1, 0, &xlim, 0, 0};
    memcpy(sx.dims, p->dims, sizeof sx.dims);
    sx.dims[p->ndims - 1] = R->m;
    if (fl_layout_make(&sx, &R->x, why, len) != 0)
        return -1;
    struct fl_radix_limits wide;
    if (!p->wg && strcmp(p->variant, "fused") == 0 && R->x.ax[0].rp.npasses > 1 &&
        PAIRED_WG <= p->dev->max_wg) {
        fl_radix_limits_default(&wide, p->dev->local_mem, elem_bytes(p), PAIRED_WG);
        for (int k = 0; k < p->nshapes; k++)
            wide.shape[k] = p->shape[k];
        struct fl_layout_spec wx = sx;
        wx.lim = &wide;
        if (fl_layout_make(&wx, &R->x, why, len) != 0)
            return -1;
    }
    if (p->ndims == 1)
        return 0;
    /* y and z (bits 1 and 2) on the half spectrum: the last axis M + 1 */
    struct fl_layout_spec syz = sx;
    syz.lim = &lim;
    syz.dims[p->ndims - 1] = R->m + 1;
    syz.axes = 2 | 4;
    return fl_layout_make(&syz, &R->yz, why, len);
}

/* --variant fused, rows of several passes: can pass K of the x axis pair its columns (a
 * group takes columns t and C - t, C = M/Q; kernels/09_real_input.cl, paired_pass)? It
 * needs C even and 2 columns per group at least. R2C pairs the last pass, C2R the first. */
static int pass_pairs(const struct fl_problem *p, const struct real_plan *R, int k)
{
    if (strcmp(p->variant, "fused") != 0 || R->x.naxes != 1 || R->x.ax[0].rp.npasses < 2)
        return 0;
    const struct fl_radix_pass *ps = &R->x.ax[0].rp.pass[k];
    return ps->columns >= 2 && (R->m / ps->q) % 2 == 0;
}

static int last_x_pass(const struct real_plan *R)
{
    return R->x.ax[0].rp.npasses - 1;
}

/* R2C's paired pass in two sweeps (kernels/09_real_input.cl, paired_sweeps): a group takes
 * T columns and their T mirrors, one sweep each, so it stores runs of T bins, not T/2.
 * It needs local memory for Q values more than the pass's T columns (column 0's outputs),
 * and few values per item: an item keeps sweep A's outputs in registers through sweep B.
 * Measured on the H100 at 2^20 x 16 (Q = 512): 32 items x 16 values took 168 registers
 * and 0.112 ms, slower than one sweep (0.100); 64 x 8 took 101 and 0.089 ms.
 * One sweep, too, where the pass has more items per column than a stage has butterflies
 * (a --shapes cap can ask for that). FFTLAB_PAIR_SWEEPS=1 keeps the one-sweep pass (the lesson's
 * comparison), =2 takes two wherever those two allow, whatever the values per item
 * (tests, experiments). Returns 1 or 2, or -1 with WHY for another value of the variable. */
static int pair_sweeps(const struct fl_problem *p, const struct real_plan *R, char *why, size_t len)
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

/* --variant simd (README "On a CPU"): the rows of M = Nx/2 by 06's simd passes
 * (common/simd_plan.c), then the twist 8 pairs per item; C2R the inverse twist, then the
 * inverse passes. The outer axes (2-D, 3-D) on the half spectrum (..., M + 1) by 07's
 * batch-lane column kernel (common/simd_cols.c: 8 neighbouring columns per work-item),
 * after the twist (R2C) or before the inverse twist (C2R). Shapes whose M has no simd
 * row plan (M < 64), or with an outer axis the column kernel cannot do, run the default
 * variant's plan, and --explain says why. Returns 1 and fills SP (the rows) and AX (the
 * axes of the half spectrum, x first; x's entry unused) when P takes it. */
static int simd_plans(const struct fl_problem *p, struct fl_simd_plan *sp, struct fl_simd_axis *ax)
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

static int simd_rows(const struct fl_problem *p, struct fl_simd_plan *sp)
{
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    return simd_plans(p, sp, ax);
}

/* --variant column_pairs (kernels/09_real_input.cl, "the column pairs"): the real rows of N
 * = A x B points as two passes, the first A-point FFTs of complex columns (two real
 * columns each, B/2 of them per row), the second B-point FFTs of the A/2 + 1 columns of
 * the half spectrum the bins need. Both passes use the two-level table of w_N. */
struct pairs_plan {
    size_t n, a, b, rows;
    int lo_bits;
    struct fl_radix_plan first, last;
};

#define PAIRS_B_MAX 512 /* the second pass's length: a group takes 8 of its columns (runs
                           of 8 bins in the stores) where local memory has 4096 values */

static int is_pairs(const struct fl_problem *p)
{
    return strcmp(p->variant, "column_pairs") == 0;
}

/* Plan the 1-D rows of P as column pairs: the largest even B <= PAIRS_B_MAX dividing N
 * with A = N/B even and both passes one pass each (A in groups of 2 columns at least:
 * A <= 2048 in fp32), with P's --shapes (pass 0, then pass 1). Returns 0, or -1 with WHY
 * (no such split, or a shape a pass cannot keep). */
static int make_pairs_plan(const struct fl_problem *p, struct pairs_plan *P, char *why, size_t len)
{
    memset(P, 0, sizeof *P);
    struct fl_radix_limits lim, lim0;
    size_t wg = p->wg ? p->wg : PAIRED_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    lim0 = lim;
    lim0.min_columns = 2; /* the first pass: 2 complex columns (4 real ones) per group */
    P->n = p->dims[0];
    P->rows = p->batch;
    char w[256] = "";
    for (size_t b = P->n / 2 < PAIRS_B_MAX ? P->n / 2 : PAIRS_B_MAX; b >= 2 && !P->a; b--) {
        if (b % 2 || P->n % b || (P->n / b) % 2)
            continue;
        size_t a = P->n / b;
        if (fl_radix_plan_strided(a, P->rows, b / 2, &lim0, &P->first, w, sizeof w) == 0 &&
            fl_radix_plan_strided(b, P->rows, a / 2 + 1, &lim, &P->last, w, sizeof w) == 0 &&
            P->first.npasses == 1 && P->last.npasses == 1) {
            P->a = a;
            P->b = b;
        }
    }
    if (!P->a) {
        snprintf(why, len, "no split N = A x B with A and B even, each one pass (A <= %zu, "
                 "B <= %d here), for N = %zu", lim0.local_values / 2, PAIRS_B_MAX, P->n);
        return -1;
    }
    P->lo_bits = fl_twiddle_lo_bits(P->n);
    if (p->nshapes == 0)
        return 0;
    /* --shapes, or what --tune measured (pass 0, then pass 1): the same split, other groups */
    lim0.shape[0] = p->shape[0];
    if (p->nshapes > 1)
        lim.shape[0] = p->shape[1];
    if (fl_radix_plan_strided(P->a, P->rows, P->b / 2, &lim0, &P->first, w, sizeof w) != 0 ||
        fl_radix_plan_strided(P->b, P->rows, P->a / 2 + 1, &lim, &P->last, w, sizeof w) != 0) {
        snprintf(why, len, "--shapes: %s", w);
        return -1;
    }
    return 0;
}

/* Does column_pairs plan P's rows (R2C or not: its round trip's other half needs the
 * kernels too)? 1-D rows whose half-length FFT takes several passes in fused's plan and
 * split as make_pairs_plan wants (without P's shapes: they must not decide it). */
static int pairs_possible(const struct fl_problem *p)
{
    if (!is_pairs(p) || p->ndims != 1)
        return 0;
    static struct real_plan R;
    static struct pairs_plan pp;
    char why[256];
    struct fl_problem f = *p;
    f.variant = "fused";
    f.nshapes = 0;
    if (make_real_plan(&f, &R, why, sizeof why) != 0 || R.x.ax[0].rp.npasses < 2)
        return 0;
    f.variant = p->variant;
    return make_pairs_plan(&f, &pp, why, sizeof why) == 0;
}

/* P, or P as the default variant when P is a simd problem that simd_rows does not take. */
static const struct fl_problem *resolve(const struct fl_problem *p, struct fl_problem *copy)
{
    static struct fl_simd_plan sp;
    if (strcmp(p->variant, "simd") != 0 || simd_rows(p, &sp))
        return p;
    *copy = *p;
    copy->variant = variants[0].name;
    return copy;
}

/* The problem fused's planner sees: resolve(P), and a column_pairs problem as fused (with
 * no shapes: they are the column pairs' passes'). Column pairs, where they plan, come
 * first (plan(), build_options()); this is the plan of everything else, and the tables
 * and kernels of the round trip's C2R. */
static const struct fl_problem *fallback(const struct fl_problem *p, struct fl_problem *copy)
{
    p = resolve(p, copy);
    if (!is_pairs(p))
        return p;
    if (p != copy)
        *copy = *p;
    copy->variant = "fused";
    copy->nshapes = 0;
    return copy;
}

static int check(const struct fl_problem *p0, char *why, size_t len)
{
    static struct pairs_plan pp;
    if (p0->nshapes && pairs_possible(p0) && make_pairs_plan(p0, &pp, why, len) != 0)
        return -1; /* a shape a column-pairs pass cannot keep */
    struct fl_problem copy;
    const struct fl_problem *p = fallback(p0, &copy);
    if (strcmp(p0->variant, "simd") == 0 && fl_simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be a number from 8 to 64",
                 getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    static struct fl_simd_plan sp;
    if (simd_rows(p0, &sp))
        return 0; /* the simd plan needs none of the GPU planner's limits */
    /* an odd last axis is refused before this (common/capabilities.c) */
    static struct real_plan R;
    if (make_real_plan(p, &R, why, len) != 0)
        return -1;
    if (p->nshapes && (!pass_pairs(p, &R, 0) || !pass_pairs(p, &R, last_x_pass(&R)))) {
        /* the twist rides in pass 0 (C2R) and the last pass (R2C): without it there,
         * the plan would gain a launch that is not a pass */
        snprintf(why, len, "--shapes: the twist needs 2 columns per group in the first and "
                 "the last pass of x (they take columns t and C - t together); this shape "
                 "gives %zu and %zu", R.x.ax[0].rp.pass[0].columns,
                 R.x.ax[0].rp.pass[last_x_pass(&R)].columns);
        return -1;
    }
    return pair_sweeps(p, &R, why, len) < 0 ? -1 : 0;
}

/* Passes whose group shape --shapes sets or --tune measures (common/tune.h): the x axis's,
 * launch k being pass k, only where that holds in both directions: 1-D rows of several
 * passes, --variant fused, the twist inside the last pass for R2C and the first for C2R
 * (where a pass has an odd number of columns, or in the twist variant, the twist has a
 * launch of its own, first in C2R); and column_pairs's two (R2C only). 0 otherwise. */
static int shaped_passes(const struct fl_problem *p)
{
    static struct real_plan R;
    char why[256];
    if (is_pairs(p))
        return pairs_possible(p) && p->sign < 0 ? 2 : 0;
    if (p->ndims != 1 || strcmp(p->variant, "fused") != 0 ||
        make_real_plan(p, &R, why, sizeof why) != 0)
        return 0;
    if (!pass_pairs(p, &R, 0) || !pass_pairs(p, &R, last_x_pass(&R)))
        return 0; /* (C = M/Q odd: the twist has a launch of its own) */
    return R.x.ax[0].rp.npasses;
}

/* -D constants: the passes' (kernels/07_multidim.cl: A<a>_N ... for x, y, z; the two
 * layouts do different axes, so they share one program) and the twist's RH_M, RH_PAIRS. */
static void build_options(const struct fl_problem *p0, char *opts, size_t len)
{
    static struct real_plan R;
    static struct fl_simd_plan sp;
    char why[256];
    opts[0] = '\0';
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    if (simd_plans(p0, &sp, ax)) {
        /* 06's simd constants for rows of M (07_multidim.cl, in the program too, wants
         * TILE), then 07's column constants for the outer axes */
        size_t nx = p0->dims[p0->ndims - 1];
        size_t used = (size_t)snprintf(opts, len, "-D TILE=%d -D TILE_ROWS=%d -D RH_M=%zu "
                                       "-D RH_PAIRS=%zu", FL_AXIS_TILE, FL_AXIS_TILE_ROWS,
                                       nx / 2, nx / 4 + 1);
        used = fl_simd_options(&sp, opts, used, len);
        for (int i = 1; i < p0->ndims; i++)
            if (ax[i].way == FL_SIMD_COLS)
                used = fl_simd_cols_options(&ax[i], opts, used, len);
        if (used >= len)
            fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
        return;
    }
    struct fl_problem copy;
    const struct fl_problem *p = fallback(p0, &copy);
    if (make_real_plan(p, &R, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = fl_layout_options(&R.x, opts, 0, len);
    if (p->ndims > 1)
        used = fl_layout_options(&R.yz, opts, used, len);
    if (used < len)
        used += (size_t)snprintf(opts + used, len - used, " -D RH_M=%zu -D RH_PAIRS=%zu", R.m,
                                 R.m / 2 + 1);
    if (used < len && pass_pairs(p, &R, last_x_pass(&R)))
        used += (size_t)snprintf(opts + used, len - used, " -D RH_PAIR_LAST=%d -D RH_PAIR_SWEEPS=%d",
                                 last_x_pass(&R), pair_sweeps(p, &R, why, sizeof why));
    if (used < len && pass_pairs(p, &R, 0))
        used += (size_t)snprintf(opts + used, len - used, " -D RH_PAIR_FIRST=1");
    static struct pairs_plan pp;
    struct fl_problem rcopy;
    const struct fl_problem *pr = resolve(p0, &rcopy);
    if (pairs_possible(pr) && make_pairs_plan(pr, &pp, why, sizeof why) == 0) {
        /* the column pairs' constants: N, its table's lo bits, each pass's Q,P,I,T,radices */
        used += (size_t)snprintf(opts + used, used < len ? len - used : 0,
                                 " -D RC_N=%zu -D RC_LB=%d", pp.n, pp.lo_bits);
        const struct fl_radix_pass *ps[2] = {&pp.first.pass[0], &pp.last.pass[0]};
        for (int k = 0; k < 2; k++) {
            used += (size_t)snprintf(opts + used, used < len ? len - used : 0,
                                     " -D RC_P%d=%zu,%zu,%zu,%zu", k, ps[k]->q, k ? pp.a : 1,
                                     ps[k]->items, ps[k]->columns);
            for (int st = 0; st < FL_RADIX_MAX_PASS_STAGES; st++)
                used += (size_t)snprintf(opts + used, used < len ? len - used : 0, ",%u",
                                         st < ps[k]->nstages ? ps[k]->radix[st] : 0);
        }
    }
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
}

/* The twist's table: w_N^k = exp(-2 pi i k / N) for k = 0 .. M/2 (angles up to pi/2), in
 * double; past N/8 from the complementary angle pi/2 - 2 pi k/N = pi (N - 4k) / (2N), whose
 * numerator is exact, so w_N^(N/4) is exactly -i. */
static int twist_table(struct fl_plan *plan, size_t nx)
{
    const double pi = 3.14159265358979323846264338327950288;
    size_t m = nx / 2, count = m / 2 + 1;
    double *w;
    int slot = fl_plan_table(plan, "twist_w", count, &w);
    for (size_t k = 0; k < count; k++) {
        double c, s;
        if (8 * k <= nx) {
            c = cos(2 * pi * (double)k / (double)nx);
            s = sin(2 * pi * (double)k / (double)nx);
        } else {
            double a = pi * (double)(nx - 4 * k) / (2.0 * (double)nx);
            c = sin(a);
            s = cos(a);
        }
        w[2 * k] = c;
        w[2 * k + 1] = -s;
    }
    return slot;
}

static int other(int slot)
{
    return slot == FL_BUF_A ? FL_BUF_B : FL_BUF_A;
}

/* --variant fused: the row pass and the twist in one launch, when the x axis is one pass. */
static int fused_rows(const struct fl_problem *p, const struct real_plan *R)
{
    return strcmp(p->variant, "fused") == 0 && R->x.naxes == 1 && R->x.ax[0].rp.npasses == 1;
}

/* Turn launch L, pass K of the x axis as fl_layout_launches made it (x, y, u, the axis's
 * twiddles, lines, flags), into rfft_rows_paired (R2C, the last pass) or irfft_rows_paired
 * (C2R, the first): the same buffers, the twist's table TWIST for the flags. A group takes
 * h columns and their h mirrors: h = T/2 in one sweep, h = T in two (SWEEPS, R2C only;
 * then u has Q values more, of ELEM bytes). */
static void make_paired(struct fl_launch *l, const struct real_plan *R, int k, int inverse,
                        int twist, int sweeps, size_t elem)
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
    fl_launch_note(l, "axis x N=%zu rows, pass %d/%d: p=%zu Q=%zu = %s, %s; columns t and %zu - t "
                   "in a group, %zu + %zu per group x %zu items%s", R->m, k + 1, last_x_pass(R) + 1,
                   ps->span, ps->q, radices, inverse ? "the inverse twist first" :
                   "then the twist", cols, h, h, ps->items, sweeps == 2 ? ", in 2 sweeps" : "");
}

/* Append the fused launch (rfft_rows_fused or irfft_rows_fused) from SRC to DST, with the x
 * axis's twiddle table (as fl_layout_launches makes it) and the twist's table TWIST. */
static void add_fused(struct fl_plan *plan, const struct fl_problem *p, const struct real_plan *R,
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
                   "rows of M + 1 bins in, M values out" : "rows of M values in, M + 1 bins out");
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
static void plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct fl_simd_plan *sp,
                      const struct fl_simd_axis *ax)
{
    size_t nx = p->dims[p->ndims - 1], m = nx / 2, rows = p->batch * (p->n / nx);
    size_t blocks = (m / 2 + 7) / 8;
    int inverse = p->sign > 0, twist = twist_table(plan, nx);
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
             "%s of rows of %zu reals (read as %zu complex values), %zu rows; %sthe rows of M = "
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

/* --variant column_pairs, R2C: rfft_pairs_first (A -> B, the real columns' spectra Y),
 * rfft_pairs_last (B -> A, the bins). */
static void plan_pairs(const struct fl_problem *p, struct fl_plan *plan, const struct pairs_plan *P)
{
    size_t elem = elem_bytes(p), m = P->n / 2;
    int table = fl_twiddle_table(plan, "twiddles_n", P->n, P->lo_bits);
    const struct fl_radix_pass *ps[2] = {&P->first.pass[0], &P->last.pass[0]};
    size_t cols[2] = {P->rows * (P->b / 2), P->rows * (P->a / 2 + 1)};
    const char *names[2] = {"rfft_pairs_first", "rfft_pairs_last"};
    for (int k = 0; k < 2; k++) {
        size_t group = ps[k]->items * ps[k]->columns;
        size_t global[1] = {(cols[k] + ps[k]->columns - 1) / ps[k]->columns * group};
        size_t local[1] = {group};
        struct fl_launch *l = fl_plan_add(plan, names[k], 1, global, local);
        fl_arg_buffer(l, k ? FL_BUF_B : FL_BUF_A);
        fl_arg_buffer(l, k ? FL_BUF_A : FL_BUF_B);
        fl_arg_local(l, fl_radix_pass_local_values(ps[k]) * elem);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)P->rows);
        char radices[64];
        fl_radix_join(ps[k]->radix, ps[k]->nstages, radices, sizeof radices);
        if (k == 0)
            fl_launch_note(l, "pass 1/2: A = %zu = %s on %zu complex columns a row (2 real "
                           "each), then the split; %zu columns x %zu items per group", P->a,
                           radices, P->b / 2, ps[k]->columns, ps[k]->items);
        else
            fl_launch_note(l, "pass 2/2: B = %zu = %s on columns k1 = 0..%zu, times w_N^(j k1); "
                           "bins past %zu mirrored; %zu columns x %zu items per group", P->b,
                           radices, P->a / 2, m, ps[k]->columns, ps[k]->items);
    }
    plan->result = FL_BUF_A;
    snprintf(plan->summary, sizeof plan->summary, "r2c of rows of %zu reals (read as %zu complex "
             "values), %zu rows, as N = A x B = %zu x %zu: A-point FFTs of the real columns, two "
             "per complex column, split in the group that holds it; then B-point FFTs of columns "
             "0..A/2 of their spectra. 2 launches.", P->n, m, P->rows, P->a, P->b);
}

static void plan(const struct fl_problem *p0, struct fl_plan *plan)
{
    static struct fl_simd_plan sp;
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    if (simd_plans(p0, &sp, ax)) {
        plan_simd(p0, plan, &sp, ax);
        return;
    }
    static struct pairs_plan pp;
    char pwhy[256];
    struct fl_problem rcopy;
    const struct fl_problem *pr = resolve(p0, &rcopy);
    if (pairs_possible(pr) && pr->sign < 0) {
        if (make_pairs_plan(pr, &pp, pwhy, sizeof pwhy) != 0)
            fl_die(FL_EXIT_USAGE, "%s", pwhy); /* check() refused it already */
        plan_pairs(pr, plan, &pp);
        size_t used = strlen(plan->summary);
        if (pr != p0 && used < sizeof plan->summary)
            snprintf(plan->summary + used, sizeof plan->summary - used, " (simd: no simd row plan "
                     "for N/2, so the default plan)");
        return;
    }
    struct fl_problem copy;
    const struct fl_problem *p = fallback(p0, &copy);
    static struct real_plan R;
    char why[256], how_x[320] = "", how_yz[320] = "";
    if (make_real_plan(p, &R, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    size_t elem = elem_bytes(p);
    int inverse = p->sign > 0, multi = p->ndims > 1;
    int table = twist_table(plan, R.nx);
    size_t pairs = R.m / 2 + 1, wg = twist_group(p);
    size_t global[1] = {(R.rows * pairs + wg - 1) / wg * wg}, local[1] = {wg};
    int s = FL_BUF_A, paired = 0;
    struct fl_launch *l = NULL;
    if (fused_rows(p, &R)) {
        /* one launch does the rows and the twist: x axis and twist steps in one */
        if (!inverse) {
            add_fused(plan, p, &R, 0, FL_BUF_A, FL_BUF_B, table);
            s = FL_BUF_B;
            if (multi)
                s = fl_layout_launches(plan, &R.yz, elem, s, other(s), 0, 0, how_yz, sizeof how_yz);
        } else {
            if (multi)
                s = fl_layout_launches(plan, &R.yz, elem, FL_BUF_A, FL_BUF_B, 1, 2, how_yz,
                                       sizeof how_yz);
            add_fused(plan, p, &R, 1, s, other(s), table);
            s = other(s);
        }
        snprintf(how_x, sizeof how_x, "axis x (N=%zu) and the %s in one pass", R.m,
                 inverse ? "inverse twist" : "twist");
    } else if (!inverse) {
        /* x: the M-point FFT of every packed row (the reals read as complex pairs) */
        s = fl_layout_launches(plan, &R.x, elem, FL_BUF_A, FL_BUF_B, 0, 0, how_x, sizeof how_x);
        paired = pass_pairs(p, &R, last_x_pass(&R));
        if (paired) { /* --variant fused: the last pass twists too, its output is X */
            make_paired(&plan->launch[plan->nlaunch - 1], &R, last_x_pass(&R), 0, table,
                        pair_sweeps(p, &R, why, sizeof why), elem);
            if (multi)
                s = fl_layout_launches(plan, &R.yz, elem, s, other(s), 0, 0, how_yz, sizeof how_yz);
        } else
            l = fl_plan_add(plan, "rfft_post", 1, global, local);
    } else {
        /* the outer axes first (inverse: conj in the first pass, conj out the last) */
        if (multi)
            s = fl_layout_launches(plan, &R.yz, elem, FL_BUF_A, FL_BUF_B, 1, 2, how_yz, sizeof how_yz);
        paired = pass_pairs(p, &R, 0);
        if (paired) { /* --variant fused: the first x pass untwists, from X */
            int at = plan->nlaunch;
            s = fl_layout_launches(plan, &R.x, elem, s, other(s), 1, 2, how_x, sizeof how_x);
            make_paired(&plan->launch[at], &R, 0, 1, table, 1, elem);
        } else {
            l = fl_plan_add(plan, "irfft_pre", 1, global, local);
        }
    }
    if (paired) {
        size_t used = strlen(how_x);
        snprintf(how_x + used, sizeof how_x - used, ", the %s in its %s pass",
                 inverse ? "inverse twist" : "twist", inverse ? "first" : "last");
    } else if (!fused_rows(p, &R)) {
        fl_arg_buffer(l, s);
        fl_arg_buffer(l, other(s));
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)R.rows);
        fl_launch_note(l, "%s: %zu rows, N=%zu: %zu values <-> %zu bins; one item per pair (k, %zu "
                       "- k), k = 0..%zu", inverse ? "inverse twist" : "twist", R.rows, R.nx, R.m,
                       R.m + 1, R.m, R.m / 2);
        s = other(s);
        if (!inverse) {
            if (multi)
                s = fl_layout_launches(plan, &R.yz, elem, s, other(s), 0, 0, how_yz, sizeof how_yz);
        } else {
            s = fl_layout_launches(plan, &R.x, elem, s, other(s), 1, 2, how_x, sizeof how_x);
        }
    }
    plan->result = s;

    /* the summary: the steps in the order they run */
    size_t used = (size_t)snprintf(plan->summary, sizeof plan->summary, "%s of rows of %zu reals "
                                   "(read as %zu complex values), %zu rows", inverse ? "c2r" : "r2c",
                                   R.nx, R.m, R.rows);
    const char *steps[3] = {how_x[0] ? how_x : "the rows have 1 value: nothing to transform",
                            NULL, multi && how_yz[0] ? how_yz : NULL};
    char twist[96];
    snprintf(twist, sizeof twist, "the %s (%zu pairs per row)", inverse ? "inverse twist" : "twist",
             pairs);
    steps[1] = fused_rows(p, &R) || paired ? NULL : twist;
    for (int i = 0; i < 3; i++) {
        const char *step = steps[inverse ? 2 - i : i];
        if (step && used < sizeof plan->summary)
            used += (size_t)snprintf(plan->summary + used, sizeof plan->summary - used, "; %s", step);
    }
    if (used < sizeof plan->summary)
        used += (size_t)snprintf(plan->summary + used, sizeof plan->summary - used, ". %d launch%s.",
                                 plan->nlaunch, plan->nlaunch == 1 ? "" : "es");
    if (p != p0 && is_pairs(p0) && used < sizeof plan->summary)
        snprintf(plan->summary + used, sizeof plan->summary - used, " (fused's plan: column "
                 "pairs do R2C of 1-D rows whose N/2 takes several passes and splits as A x B)");
    else if (p != p0 && used < sizeof plan->summary)
        snprintf(plan->summary + used, sizeof plan->summary - used, " (simd: %s, so the default "
                 "plan)", p0->dims[p0->ndims - 1] / 2 < 64 ? "Nx/2 < 64 has fewer than 8 columns "
                 "per row for 8 lanes" : p0->ndims > 1 ? "no simd row plan for Nx/2, or an outer "
                 "axis the column kernel cannot do (fewer than 8 columns side by side, or longer "
                 "than 4096)" : "no simd row plan for N/2");
}

int main(int argc, char **argv)
{
    /* 06_simd.cl and 09_simd.cl compile to nothing without -D FFT_SIMD (--variant simd) */
    static const char *const uses[] = {"06_passes.cl", "05_register_radix.cl", "06_mixed_radix.cl",
                                       "07_multidim.cl", "simd_cv.cl", "06_simd.cl", "07_simd.cl",
                                       "09_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "09_real_input",
        .title = "real input: R2C by a half-length FFT and a twist, C2R back",
        .kernel_file = "09_real_input.cl",
        .uses = uses,
        .help = "Real data. Forward is R2C: N reals per row in, the half spectrum out, N/2 + 1\n"
                "complex values (numpy.fft.rfft's and FFTW's r2c layout); --inverse is C2R, the\n"
                "half spectrum back to N reals, not divided by N (FFTW's c2r, numpy's irfft\n"
                "times N). Shapes like 512x512 or 64x64x64 halve the last axis (numpy.fft.rfftn);\n"
                "the last axis must be even, every axis 2^a 3^b 5^c 7^d. --input reads float32\n"
                "(float64 with --precision double) arrays for R2C, complex64/128 half spectra\n"
                "for C2R, whose real arrays' shape --size gives (default: last axis 2(m - 1),\n"
                "numpy's irfft default). GFLOP/s counts 2.5 N log2 N per transform.",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
        .shaped_passes = shaped_passes,
        .real_input = 1,
    };
    return fl_main(argc, argv, &chapter);
}
