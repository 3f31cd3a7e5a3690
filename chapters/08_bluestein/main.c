/* 08_bluestein — any N up to 2^24, primes too: the DFT as a convolution of length M,
 * a 2^a 3^b 5^c 7^d size that chapter 06's passes can do (Bluestein's chirp-z algorithm).
 *
 * What changed since 07_multidim: 06 and 07 take lengths made of 2, 3, 5 and 7 only. With
 * jk = (j^2 + k^2 - (k - j)^2) / 2 the DFT of any length N becomes a chirp
 * c_n = exp(sign*pi*i*n^2/N) times a convolution with the conjugate chirp; a convolution
 * is a pointwise product between two FFTs of a length M >= 2N - 1 of our choosing, so the
 * work is done by 06's passes, planned for the axis of M points by common/axis_plan.c as
 * 07 plans its axes. The planner picks M (fl_bluestein_length in common/radix_plan.c:
 * fewest passes, then least work, not just the smallest 7-smooth M). The chirp and
 * FFT_M(b) / M are tables computed once on the host, in double. Variants:
 *   fused         (default) one launch when M fits a work-group (N <= 2048 in fp32): each
 *                 group takes rows through x*c, FFT_M, *Bh, FFT_M, *c without leaving
 *                 local memory; else fused_passes
 *   fused_passes  the passes of both FFTs, with the three multiplies done inside the
 *                 first and last passes (06's pass hooks): 2 x passes launches
 *   plain         separate kernels: premultiply and pad, the forward passes, the pointwise
 *                 product, the inverse passes, postmultiply and truncate: 2 x passes + 3
 *   chirp_table   fused, with the chirp computed on the device by chirp() (the exercise)
 *   simd          for a CPU (README "On a CPU"): plain's steps with 06's simd passes
 *                 (common/simd_plan.c); where 06 takes a row per work-item, one launch of
 *                 bs_simd_rows (kernels/08_simd.cl) does whole rows, a few work-items per
 *                 core each taking row after row in scratch rows that stay in its cache
 * --explain shows N, M and why that M, the tables and every launch.
 *
 * Build and run:
 *   make 08_bluestein
 *   ./build/08_bluestein --size 1009 --batch 64 --explain
 *   ./build/08_bluestein --size 65521 --variant plain --explain
 *   ./build/08_bluestein --size 1048583 --inverse --precision double
 *   ./build/08_bluestein --size 1009 --batch 16384 --format csv          (the bench case)
 *   ./build/08_bluestein --size 1009 --batch 1024 --variant simd --explain   (on a CPU)
 *   ./build/08_bluestein --size 1009 --variant chirp_table --kernels exercises/08_bluestein/chirp_table.cl
 * Kernels: kernels/08_bluestein.cl (the multiplies, the fused kernel, the hooks; --kernels
 * replaces this one), kernels/07_multidim.cl (fft_rows_x_p<k>), kernels/06_passes.cl (the
 * pass and its hooks), kernels/05_register_radix.cl and kernels/06_mixed_radix.cl (the
 * blocks), kernels/06_simd.cl and kernels/08_simd.cl (--variant simd). Lesson: README.md
 * here. */
#include "../../common/chapter.h"
#include "../../common/axis_plan.h"
#include "../../common/simd_plan.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"fused", "one launch per transform when M fits a work-group (both FFTs in local memory), "
     "else fused_passes (the chapter's default)", NULL, 0},
    {"fused_passes", "the passes of both FFTs, the chirp and Bh multiplies inside the first and "
     "last passes (06's hooks): 2 x passes launches", NULL, 0},
    {"plain", "separate kernels: premultiply, forward passes, pointwise product, inverse "
     "passes, postmultiply: 2 x passes + 3 launches", NULL, 0},
    {"chirp_table", "fused, the chirp computed on the device by your chirp() (exercise)",
     "exercises/08_bluestein/chirp_table.cl", 0},
    {"simd", "for a CPU: plain's steps with 06's simd passes for FFT_M; where 06 takes a row "
     "per work-item, the whole transform of a row in one (kernels/08_simd.cl); M without a "
     "simd plan takes a larger M, else the default plan", NULL, 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256       /* work-items per group the planner may use               */
#define ONE_ROW_ITEMS 64     /* fused: a group takes one row when a row has this many   */
#define MAX_ELEMS (((size_t)1 << 31) - 1) /* kernels index M x batch with int offsets   */
#define SIMD_ITEMS_PER_CU 8  /* simd: bs_simd_rows's work-items per compute unit. At 1009 x
                                1024 on pocl (2 cores, 2026-11-23): 3.0 ms with 8 or 16
                                items, 7.7 ms with one item per row (the scratch rows of
                                all 1024 rows go out to memory and back) */

static const double PI = 3.141592653589793238462643383279502884;

/* How problem P is done. */
struct setup {
    size_t m;                /* the convolution length                                  */
    struct fl_layout L;      /* the M-point transform: one axis, batch rows of M        */
    int one_kernel;          /* bluestein_fused                                         */
    int hooks;               /* the passes with 06's hooks (fused_passes; fused past one group) */
    int device_chirp;        /* chirp_table: the chirp from a kernel                    */
    int scratch;             /* work buffers of M x batch the plan needs                */
    struct fl_radix_limits lim;
    int simd;                /* --variant simd with a simd plan for M (sp)              */
    size_t m_planner;        /* simd: the planner's M, when sp needed a larger one      */
    struct fl_simd_plan sp;
};

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

static size_t group_items(const struct fl_problem *p)
{
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    return wg < p->dev->max_wg ? wg : p->dev->max_wg;
}

/* --variant simd: a simd plan (common/simd_plan.c) for the planner's M, else for the next
 * 7-smooth M that has one, up to twice the planner's (any M >= 2N - 1 gives the same
 * convolution; M < 64, N <= 32, has too few columns for 8 lanes: M = 64 then). 0 when none. */
static int simd_length(struct setup *s)
{
    size_t limit = 2 * s->m > 64 ? 2 * s->m : 64;
    for (size_t m = fl_smooth_at_least(s->m > 64 ? s->m : 64, NULL); m && m <= limit;
         m = fl_smooth_at_least(m + 1, NULL))
        if (fl_simd_make(m, &s->sp)) {
            s->m_planner = s->m;
            s->m = m;
            return 1;
        }
    return 0;
}

static int make_setup(const struct fl_problem *p, struct setup *s, char *why, size_t len)
{
    memset(s, 0, sizeof *s);
    fl_radix_limits_default(&s->lim, p->dev->local_mem, elem_bytes(p), group_items(p));
    /* the defaults less 10 (lesson 06, "A radix-10 block"): with 10 the length search
     * counts fewer stages for lengths with a 2 and a 5 and takes other M; at 2^20 + 7,
     * 2293760 = 10 x 16 x 16 x 8 x 16 x 7 (6 stages) instead of 2107392 (7), which ran
     * 96-105 ms on pocl against 66-70 (2026-11-24, two rounds of --repeat 5). So the
     * lengths, and the lesson's figures, stay those of these radices; whether a GPU would
     * prefer the radix-10 lengths was not measured. */
    s->lim.radices = fl_radix_no10;
    s->m = fl_bluestein_length(p->n, p->batch, &s->lim, FL_AXIS_MAX_PASSES, NULL, why, len);
    if (s->m == 0)
        return -1;
    if (strcmp(p->variant, "simd") == 0 && p->n > 1 && simd_length(s)) {
        s->simd = 1;
        s->scratch = 2; /* plain's work0 and work1, rows of M */
        return 0;
    }
    struct fl_layout_spec spec = {1, {s->m}, p->batch, 0, 0, &s->lim, 0, 0};
    if (fl_layout_make(&spec, &s->L, why, len) != 0)
        return -1;
    int passes = s->L.ax[0].rp.npasses;
    /* (simd here: no simd plan for M, so the default variant's plan) */
    int fused = strcmp(p->variant, "fused") == 0 || strcmp(p->variant, "chirp_table") == 0 ||
                strcmp(p->variant, "simd") == 0;
    s->device_chirp = strcmp(p->variant, "chirp_table") == 0;
    s->one_kernel = fused && passes == 1;
    const struct fl_radix_pass *ps = &s->L.ax[0].rp.pass[0];
    if (s->one_kernel && !p->wg && ps->columns > 1 && ps->items >= ONE_ROW_ITEMS) {
        /* One row per group when a row alone keeps >= 64 items busy: the H100 did 1009 x
         * 16384 (M = 2048, 128 items a row) in 0.276 ms so, against 0.303 ms with two
         * rows per group of 256 (2026-11-23, events): half the local memory per group, so
         * more groups at once on each SM. */
        s->lim.max_items = ps->items;
        if (fl_layout_make(&spec, &s->L, why, len) != 0)
            return -1;
    }
    s->hooks = passes > 0 && !s->one_kernel && strcmp(p->variant, "plain") != 0;
    s->scratch = passes == 0 || s->one_kernel ? 0 : s->hooks && passes == 1 ? 1 : 2;
    return 0;
}

/* --variant simd: the rows of M each scratch buffer holds. bs_simd_rows (where 06 takes a
 * row per work-item) runs W = SIMD_ITEMS_PER_CU x compute units items (at most batch),
 * each through its own scratch row; the per-pass plan needs all batch rows. */
static size_t simd_scratch_rows(const struct fl_problem *p, const struct setup *s, size_t *items)
{
    size_t w = SIMD_ITEMS_PER_CU * p->dev->compute_units;
    *items = w < p->batch ? w : p->batch;
    return fl_simd_fused(&s->sp, p->batch, p->dev) ? *items : p->batch;
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    static struct setup s;
    if (strcmp(p->variant, "simd") == 0 && fl_simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be a number from 8 to 64",
                 getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (make_setup(p, &s, why, len) != 0)
        return -1;
    size_t elem = elem_bytes(p);
    if (s.m > MAX_ELEMS / p->batch) {
        snprintf(why, len, "N x batch = %zu x %zu needs work buffers of M x batch = %zu x %zu "
                 "values, more than 2^31, the most the kernels index with int: use a smaller batch",
                 p->n, p->batch, s.m, p->batch);
        return -1;
    }
    /* what the harness allocates (3 buffers of N x batch) and, for each direction the run
     * plans (the round trip's too), the scratch buffers and the tables of M */
    size_t items, rows = s.simd ? simd_scratch_rows(p, &s, &items) : p->batch;
    unsigned long long work = (unsigned long long)s.m * rows * elem;
    unsigned long long need = 3ull * (p->n * p->batch + 256) * elem +
                              2ull * ((unsigned long long)s.scratch * work + (s.m + p->n) * elem);
    if (s.scratch && work > p->dev->max_alloc) {
        snprintf(why, len, "a work buffer of M x batch = %zu x %zu needs %llu MiB, but %s allows at "
                 "most %llu MiB per buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE): too large for this device",
                 s.m, p->batch, work >> 20, p->dev->name, (unsigned long long)(p->dev->max_alloc >> 20));
        return -1;
    }
    if (need > p->dev->global_mem) {
        snprintf(why, len, "N x batch = %zu x %zu with M = %zu needs %llu MiB of buffers and tables "
                 "(%d work buffer%s of M x batch per direction), more than the %llu MiB of %s: too "
                 "large for this device", p->n, p->batch, s.m, need >> 20, s.scratch,
                 s.scratch == 1 ? "" : "s", (unsigned long long)(p->dev->global_mem >> 20), p->dev->name);
        return -1;
    }
    return 0;
}

/* -D constants: BS_N, BS_M, FL_PASS_HOOKS when the plan uses the hooks, and chapter 07's
 * for the axis of M points (TILE, Ax_N = M, Ax_LB, Ax_S, Ax_KIND, Ax_P<k>). */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct setup s;
    char why[256];
    opts[0] = '\0';
    if (make_setup(p, &s, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = (size_t)snprintf(opts, len, "-D BS_N=%zu -D BS_M=%zu%s", p->n, s.m,
                                   s.hooks ? " -D FL_PASS_HOOKS=1" : "");
    if (s.simd) {
        /* 06's simd constants for rows of M (07_multidim.cl, in the program too, wants TILE) */
        used += (size_t)snprintf(opts + used, len - used, " -D TILE=%d -D TILE_ROWS=%d",
                                 FL_AXIS_TILE, FL_AXIS_TILE_ROWS);
        fl_simd_options(&s.sp, opts, used, len);
        return;
    }
    fl_layout_options(&s.L, opts, used, len);
}

/* c_n = exp(sign*pi*i*n^2/N) for n < N: n^2 reduced mod 2N in integers (c_n has period 2N
 * in n^2), folded to [-N, N), so the angle is within [-pi, pi) before it is rounded. */
static void fill_chirp(size_t n, int sign, double *c)
{
    for (size_t j = 0; j < n; j++) {
        uint64_t r = (uint64_t)j * j % (2 * (uint64_t)n);
        double s = r >= n ? (double)r - 2.0 * (double)n : (double)r;
        double angle = PI * s / (double)n;
        c[2 * j] = cos(angle);
        c[2 * j + 1] = sign * sin(angle);
    }
}

/* Bh = FFT_M(b) / M with b_m = conj(c_m) for m < N, b_(M-m) = conj(c_m) for 0 < m < N,
 * zero between: the convolution's second factor, by FFTW in double. */
static void fill_bhat(size_t n, size_t m, const double *c, double *bh)
{
    double *b = calloc(2 * m, sizeof *b);
    if (!b)
        fl_die(FL_EXIT_OPENCL, "out of host memory for Bluestein's table of %zu values", m);
    for (size_t j = 0; j < n; j++) {
        b[2 * j] = c[2 * j];
        b[2 * j + 1] = -c[2 * j + 1];
        if (j > 0) {
            b[2 * (m - j)] = c[2 * j];
            b[2 * (m - j) + 1] = -c[2 * j + 1];
        }
    }
    if (fl_reference_dft(b, bh, m, 1, -1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not transform Bluestein's table of %zu values", m);
    for (size_t i = 0; i < 2 * m; i++)
        bh[i] /= (double)m;
    free(b);
}

/* Pass K of the M-point plan as a launch of KERNEL from SRC to DST: the work-items,
 * groups and local memory fl_layout_launches gives fft_rows_x_p<K>. */
static struct fl_launch *add_pass(struct fl_plan *plan, const struct setup *s, int k, const char *kernel,
                                  int src, int dst, size_t elem)
{
    const struct fl_axis *a = &s->L.ax[0];
    const struct fl_radix_pass *ps = &a->rp.pass[k];
    size_t columns = a->lines * (a->n / ps->q);
    size_t groups = (columns + ps->columns - 1) / ps->columns;
    size_t items = ps->items * ps->columns;
    size_t global[1] = {groups * items}, local[1] = {items};
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_local(l, fl_radix_pass_local_values(ps) * elem);
    return l;
}

/* A 2-D launch over (COUNT rounded up to G, batch) for the plain variant's multiplies. */
static struct fl_launch *add_rows(struct fl_plan *plan, const char *kernel, size_t count, size_t batch,
                                  size_t g)
{
    size_t global[2] = {(count + g - 1) / g * g, batch}, local[2] = {g, 1};
    return fl_plan_add(plan, kernel, 2, global, local);
}

/* "1009 (prime)", "1000 (7-smooth: 06 does it directly)", "2049 (the factor 683 ...)". */
static void describe_n(size_t n, char *buf, size_t len)
{
    size_t m = n, p = 2;
    int used = snprintf(buf, len, "%zu", n), prime = n > 1;
    for (; p * p <= m; p++)
        if (m % p == 0) {
            prime = 0;
            break;
        }
    if (prime) {
        snprintf(buf + used, len - (size_t)used, " (prime)");
        return;
    }
    size_t left = fl_radix_leftover(n, NULL);
    if (n > 1 && left == 1)
        snprintf(buf + used, len - (size_t)used, " (7-smooth: 06_mixed_radix does it directly)");
    else if (n > 1)
        snprintf(buf + used, len - (size_t)used, " (the factor %zu is no radix of 06)", left);
}

/* --variant simd (kernels/08_simd.cl; README "On a CPU"): plain's steps, the FFTs of M by
 * 06's simd passes (common/simd_plan.c). Where 06 takes a row per work-item, one launch of
 * bs_simd_rows does each row's whole transform; else plain's multiplies around a launch
 * per pass. The chirp CH and BH are the tables plan() made. */
static void plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                      int ch, int bhat, const char *ndesc)
{
    const struct fl_simd_plan *sp = &s->sp;
    char passes[160], why_m[200];
    int table = fl_simd_table(plan, sp);
    int fused = fl_simd_fused(sp, p->batch, p->dev);
    /* bs_simd_rows: W work-items, each through rows g, g + W, ... in scratch rows of its
     * own, so the scratch stays in the core's cache (rows = W, not batch) */
    size_t items, rows = simd_scratch_rows(p, s, &items);
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
        fl_launch_note(l, "%zu items, rows g + %zu i each: x*c, %d passes (Q = %s), *Bh, the %d "
                       "again (conj in, out), *c; the row in the core's cache", items, items,
                       sp->npass, passes, sp->npass);
    } else {
        size_t g = group_items(p);
        l = add_rows(plan, "bs_premul", s->m, p->batch, g);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, w0);
        fl_arg_buffer(l, ch);
        fl_launch_note(l, "a = x * c, zero-padded from N = %zu to M = %zu", p->n, s->m);
        int r = fl_simd_launches(plan, sp, p->batch, p->dev, table, w0, w1, 0, p->wg, passes,
                                 sizeof passes);
        l = add_rows(plan, "bs_pointwise", s->m, p->batch, g);
        fl_arg_buffer(l, r);
        fl_arg_buffer(l, bhat);
        fl_launch_note(l, "Z = A * Bh in place (Bh = FFT_M(b) / M, from the host)");
        r = fl_simd_launches(plan, sp, p->batch, p->dev, table, r, r == w0 ? w1 : w0, 3, p->wg,
                             passes, sizeof passes);
        l = add_rows(plan, "bs_postmul", p->n, p->batch, g);
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

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct setup s;
    char why[256];
    plan->result = FL_BUF_A;
    if (make_setup(p, &s, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    if (p->n == 1) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform (M = 1, "
                 "no launch)");
        return;
    }
    const struct fl_axis *ax = &s.L.ax[0];
    const struct fl_radix_plan *rp = &ax->rp;
    size_t elem = elem_bytes(p), g = group_items(p);
    int passes = rp->npasses;

    /* --- the tables: the chirp (or its scratch), Bh, the twiddles of M (fused) */
    double *c = malloc(2 * p->n * sizeof *c), *bh;
    if (!c)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the chirp (%zu values)", p->n);
    fill_chirp(p->n, p->sign, c);
    int ch;
    if (s.device_chirp) {
        ch = fl_plan_scratch(plan, "chirp", p->n);
        size_t global[1] = {(p->n + g - 1) / g * g}, local[1] = {g};
        struct fl_launch *l = fl_plan_add(plan, "chirp_table", 1, global, local);
        fl_arg_buffer(l, ch);
        fl_arg_int(l, p->sign);
        fl_launch_note(l, "c_n = exp(%s pi i n^2/N) for n < %zu, computed on the device (chirp())",
                       p->sign < 0 ? "-" : "+", p->n);
    } else {
        double *t;
        ch = fl_plan_table(plan, "chirp", p->n, &t);
        memcpy(t, c, 2 * p->n * sizeof *c);
    }
    int bhat = fl_plan_table(plan, "bhat", s.m, &bh);
    fill_bhat(p->n, s.m, c, bh);
    free(c);
    char radices[64], ndesc[96], why_m[320];
    describe_n(p->n, ndesc, sizeof ndesc);
    if (s.simd) {
        plan_simd(p, plan, &s, ch, bhat, ndesc);
        return;
    }
    fl_radix_join(rp->radix, rp->nstages, radices, sizeof radices);
    /* why this M: against the smallest length the radices allow */
    size_t smallest = fl_smooth_at_least(2 * p->n - 1, NULL);
    if (smallest == s.m) {
        snprintf(why_m, sizeof why_m, "the smallest 7-smooth M >= 2N - 1 = %zu", 2 * p->n - 1);
    } else {
        static struct fl_radix_plan sp;
        char sr[64];
        fl_radix_plan_make(smallest, p->batch, &s.lim, &sp, why, sizeof why);
        snprintf(why_m, sizeof why_m, "M >= 2N - 1 = %zu; the smallest 7-smooth one, %zu = %s, takes %d "
                 "pass%s and %d stages: fewest passes, then least M x stages", 2 * p->n - 1, smallest,
                 fl_radix_join(sp.radix, sp.nstages, sr, sizeof sr), sp.npasses,
                 sp.npasses == 1 ? "" : "es", sp.nstages);
    }
    int sl = snprintf(plan->summary, sizeof plan->summary, "N = %s by Bluestein, M = %zu = %s: %d "
                      "pass%s, %d stage%s (%s). %s", ndesc, s.m, radices, passes, passes == 1 ? "" : "es",
                      rp->nstages, rp->nstages == 1 ? "" : "s", why_m, strcmp(p->variant, "simd") ? ""
                      : "(simd: no simd plan for M up to twice the planner's, so the default plan) ");
    if (sl >= (int)sizeof plan->summary)
        sl = (int)sizeof plan->summary - 1;
    char *sum = plan->summary + sl;
    size_t sum_len = sizeof plan->summary - (size_t)sl;

    struct fl_launch *l;
    plan->result = FL_BUF_B;
    if (strcmp(p->variant, "plain") == 0) {
        int w0 = fl_plan_scratch(plan, "work0", s.m * p->batch);
        int w1 = fl_plan_scratch(plan, "work1", s.m * p->batch);
        l = add_rows(plan, "bs_premul", s.m, p->batch, g);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, w0);
        fl_arg_buffer(l, ch);
        fl_launch_note(l, "a = x * c, zero-padded from N = %zu to M = %zu", p->n, s.m);
        int r = fl_layout_launches(plan, &s.L, elem, w0, w1, 0, 0, NULL, 0);
        l = add_rows(plan, "bs_pointwise", s.m, p->batch, g);
        fl_arg_buffer(l, r);
        fl_arg_buffer(l, bhat);
        fl_launch_note(l, "Z = A * Bh in place (Bh = FFT_M(b) / M, from the host)");
        /* the inverse: conj(FFT_M(conj Z)), conjugating in the first pass and out the last */
        r = fl_layout_launches(plan, &s.L, elem, r, r == w0 ? w1 : w0, 1, 2, NULL, 0);
        l = add_rows(plan, "bs_postmul", p->n, p->batch, g);
        fl_arg_buffer(l, r);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, ch);
        fl_launch_note(l, "X = c * conv for the first N = %zu of the M = %zu outputs", p->n, s.m);
        snprintf(sum, sum_len, "plain: %d launches: premultiply, the forward FFT_M, pointwise, the "
                 "inverse (conj in, conj out), postmultiply; each multiply one more read and write "
                 "of M x batch.", plan->nlaunch);
        return;
    }

    /* fused: the twiddles of M as chapter 07's axis table (lo, then hi) */
    int twid = fl_twiddle_table(plan, "twiddles_x", s.m, ax->lo_bits);
    if (s.one_kernel) {
        const struct fl_radix_pass *ps = &rp->pass[0];
        l = add_pass(plan, &s, 0, "bluestein_fused", FL_BUF_A, FL_BUF_B, elem);
        fl_arg_buffer(l, twid);
        fl_arg_buffer(l, ch);
        fl_arg_buffer(l, bhat);
        fl_arg_int(l, (int)p->batch);
        fl_launch_note(l, "M=%zu = %s: %zu row%s x %zu items per group: x*c, FFT_M, *Bh, FFT_M, *c, "
                       "the first N out", s.m, radices, ps->columns, ps->columns == 1 ? "" : "s",
                       ps->items);
        snprintf(sum, sum_len, "%s: one launch%s; a group takes %zu row%s through x*c, FFT_M, *Bh, "
                 "FFT_M (conjugated), *c in local memory (M <= %zu): x read once, X written once.",
                 p->variant, s.device_chirp ? " after chirp_table" : "", ps->columns,
                 ps->columns == 1 ? "" : "s", rp->single_pass_max);
        return;
    }
    /* the passes of both FFTs with the multiplies in the first and last: A -> work -> ... -> B */
    int w[2] = {fl_plan_scratch(plan, "work0", s.m * p->batch),
                s.scratch > 1 ? fl_plan_scratch(plan, "work1", s.m * p->batch) : -1};
    int src = FL_BUF_A, step = 0, total = 2 * passes;
    for (int inv = 0; inv < 2; inv++)
        for (int k = 0; k < passes; k++, step++) {
            const struct fl_radix_pass *ps = &rp->pass[k];
            int dst = step == total - 1 ? FL_BUF_B : w[step % s.scratch];
            const char *kernel, *does = "";
            char name[32];
            if (!inv && k == 0) {
                kernel = "bs_forward_first";
                does = passes == 1 ? "; loads x*c (0 past N), stores A*Bh" : "; loads x*c (0 past N)";
            } else if (!inv && k == passes - 1) {
                kernel = "bs_forward_last";
                does = "; stores A*Bh";
            } else if (inv && k == passes - 1) {
                kernel = "bs_inverse_last";
                does = "; stores c*conv, the first N";
            } else {
                snprintf(name, sizeof name, "fft_rows_x_p%d", k);
                kernel = name;
            }
            l = add_pass(plan, &s, k, kernel, src, dst, elem);
            fl_arg_buffer(l, twid);
            if (kernel != name) {
                fl_arg_buffer(l, ch);
                fl_arg_buffer(l, bhat);
                fl_arg_int(l, (int)p->batch);
            } else {
                fl_arg_int(l, (int)p->batch);
                fl_arg_int(l, inv && k == 0 ? 1 : 0); /* PASS_CONJ_IN */
            }
            char rs[64];
            fl_radix_join(ps->radix, ps->nstages, rs, sizeof rs);
            fl_launch_note(l, "%s FFT_M pass %d/%d: p=%zu Q=%zu = %s; %zu %s x %zu items%s",
                           inv ? "inverse" : "forward", k + 1, passes, ps->span, ps->q, rs,
                           ps->columns, passes == 1 ? "rows" : "columns", ps->items, does);
            src = dst;
        }
    snprintf(sum, sum_len, "%s: %d launches%s; x*c in the first pass's loads, *Bh in the last "
             "forward pass's stores, *c and the cut to N in the last inverse pass's stores.",
             p->variant, plan->nlaunch, strcmp(p->variant, "fused_passes") ? " (M > one group's most)" : "");
}

int main(int argc, char **argv)
{
    /* 06_simd.cl and 08_simd.cl compile to nothing without -D FFT_SIMD (--variant simd) */
    static const char *const uses[] = {"06_passes.cl", "05_register_radix.cl", "06_mixed_radix.cl",
                                       "07_multidim.cl", "simd_cv.cl", "06_simd.cl", "08_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "08_bluestein",
        .title = "any N: the DFT as a convolution of 7-smooth length (Bluestein's chirp-z)",
        .kernel_file = "08_bluestein.cl",
        .uses = uses,
        .help = "Any N from 1 to 2^24, primes too. X = c * (a conv b) with the chirp\n"
                "c_n = exp(-+ pi i n^2/N), a = x*c, b = conj(c): a circular convolution of length\n"
                "M >= 2N - 1 by two FFTs of M points (06's passes; M = 2^a 3^b 5^c 7^d, chosen for\n"
                "the fewest passes, then the least work). The default variant (fused) does a whole\n"
                "transform in one launch when M fits a work-group; fused_passes puts the multiplies\n"
                "in the first and last passes; plain runs them as kernels of their own. --wg sets the\n"
                "work-items per group the planner may use (default 256); --explain shows M, why,\n"
                "and every launch.",
        .demo_n = 1009,
        .demo_batch = 256,
        .bound = FL_BOUND_CHIRP,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
    };
    return fl_main(argc, argv, &chapter);
}
