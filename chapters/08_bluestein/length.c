/* 08_bluestein: the choice of M and the shape of the plan (lesson: "Choosing M").
 *
 * Any M >= 2N - 1 gives the same convolution. fl_bluestein_length (length_search.c)
 * takes, among the 2^a 3^b 5^c 7^d lengths from 2N - 1 up to the next power of two, the
 * one whose plan of M points x batch has the fewest passes, then the least M x stages,
 * then the smallest M. bs_setup turns that into the plan's shape for the variant: one
 * kernel (M fits a group), the hooked passes, or plain's separate kernels; --variant simd
 * may take a larger M, one that 06's simd passes can do. The checks, the -D options and
 * the words --explain prints about N and M are here too. */
#include "bluestein.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --variant simd: a simd plan (common/fft/simd_plan.c) for the planner's M, else for the next
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

int bs_setup(const struct fl_problem *p, struct setup *s, char *why, size_t len)
{
    memset(s, 0, sizeof *s);
    fl_radix_limits_default(&s->lim, p->dev->local_mem, bs_elem_bytes(p), bs_group_items(p));
    /* the defaults less 10 (lesson 06, "A radix-10 block"): with 10 the length search
     * takes other M, slower on pocl at 2^20 + 7 (NOTES.md, "M with a radix-10 block") */
    s->lim.radices = fl_radix_no10;
    s->m = fl_bluestein_length(p->n, p->batch, &s->lim, FL_AXIS_MAX_PASSES, NULL, why, len);
    if (s->m == 0)
        return -1;
    s->m_bluestein = s->m;
    bs_rader_setup(p, s); /* a prime with N - 1 7-smooth and small: L = N - 1 instead */
    if (strcmp(p->variant, "simd") == 0 && p->n > 1 && simd_length(s)) {
        s->simd = 1;
        s->scratch = 2; /* plain's work0 and work1, rows of M */
        return 0;
    }
    struct fl_layout_spec spec = {1, {s->m}, p->batch, 0, 0, &s->lim, 0, 0, "M"};
    if (fl_layout_make(&spec, &s->L, why, len) != 0)
        return -1;
    int passes = s->L.ax[0].rp.npasses;
    /* (simd here: no simd plan for M, so the default variant's plan) */
    int fused = strcmp(p->variant, "fused") == 0 || strcmp(p->variant, "no_rader") == 0 ||
                strcmp(p->variant, "chirp_table") == 0 ||
                strcmp(p->variant, "simd") == 0;
    s->device_chirp = strcmp(p->variant, "chirp_table") == 0;
    s->one_kernel = fused && passes == 1;
    const struct fl_radix_pass *ps = &s->L.ax[0].rp.pass[0];
    if (s->one_kernel && !p->wg && ps->columns > 1 && ps->items >= ONE_ROW_ITEMS) {
        /* One row per group when a row alone keeps >= 64 items busy: half the local
         * memory per group, so more groups at once on each SM (H100: 0.276 ms against
         * 0.303 at 1009 x 16384; NOTES.md, "H100: rows per group") */
        s->lim.max_items = ps->items;
        if (fl_layout_make(&spec, &s->L, why, len) != 0)
            return -1;
    }
    if (fused && passes == 2 && !p->wg) {
        /* the middle launch (bs_middle: pass 1, then *Bh and the inverse's pass 0 on the
         * same columns) in groups of MIDDLE_ITEMS: half the columns of a group of 256 (H100:
         * 65521 x 256, M = 512 x 256: 0.349 -> 0.281 ms for that launch; NOTES.md, §13) */
        s->lim.shape[1] = (struct fl_pass_shape){MIDDLE_ITEMS, s->lim.item_values};
        if (fl_layout_make(&spec, &s->L, why, len) != 0)
            return -1;
        /* and the first launch (bs_forward_first: x*c, zero past N) in groups of FIRST_ITEMS,
         * its own -D list BS_FIRST (bs_inverse_after_middle, which shares pass 0's list,
         * keeps the planner's groups), where that group keeps 8 columns or more, or a
         * multiple of 4 (H100: 65521 x 256, 8 -> 4 columns, 0.190 -> 0.172 ms for that
         * launch; 10 -> 5 columns lost 2 % at 65537 and 40961; NOTES.md, §14) */
        struct fl_radix_limits lim = s->lim;
        struct fl_layout first;
        lim.shape[0] = (struct fl_pass_shape){FIRST_ITEMS, s->lim.item_values};
        spec.lim = &lim;
        const struct fl_radix_pass *p0 = &s->L.ax[0].rp.pass[0], *f0 = &first.ax[0].rp.pass[0];
        if (fl_layout_make(&spec, &first, why, len) == 0 && f0->q == p0->q &&
            (f0->items != p0->items || f0->columns != p0->columns) &&
            (f0->columns >= 8 || f0->columns % 4 == 0)) {
            s->first_own = 1;
            s->first = *f0;
        }
    }
    s->hooks = passes > 0 && !s->one_kernel && strcmp(p->variant, "plain") != 0;
    s->scratch = passes == 0 || s->one_kernel ? 0 : s->hooks && passes == 1 ? 1 : 2;
    return 0;
}

int bs_check(const struct fl_problem *p, char *why, size_t len)
{
    static struct setup s;
    if (strcmp(p->variant, "simd") == 0 && fl_simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be a number from 8 to 64",
                 getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (bs_setup(p, &s, why, len) != 0)
        return -1;
    size_t elem = bs_elem_bytes(p);
    if (s.m > MAX_ELEMS / p->batch) {
        snprintf(why, len, "N x batch = %zu x %zu needs work buffers of M x batch = %zu x %zu "
                 "values, more than " FL_MAX_VALUES_TEXT ", the most the kernels index with int: use "
                 "a smaller batch",
                 p->n, p->batch, s.m, p->batch);
        return -1;
    }
    /* what the harness allocates (3 buffers of N x batch) and, for each direction the run
     * plans (the round trip's too), the scratch buffers and the tables of M */
    size_t items, rows = s.simd ? bs_simd_scratch_rows(p, &s, &items) : p->batch;
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
void bs_build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct setup s;
    char why[256];
    opts[0] = '\0';
    if (bs_setup(p, &s, why, sizeof why) != 0)
        return; /* bs_check refused it already */
    size_t used = (size_t)snprintf(opts, len, "-D BS_N=%zu -D BS_M=%zu%s%s", p->n, s.m,
                                   s.hooks ? " -D FL_PASS_HOOKS=1" : "",
                                   s.rader ? " -D BS_RADER=1" : "");
    if (s.simd) {
        /* 06's simd constants for rows of M (07_multidim.cl, in the program too, wants TILE) */
        used += (size_t)snprintf(opts + used, len - used, " -D TILE=%d -D TILE_ROWS=%d",
                                 FL_AXIS_TILE, FL_AXIS_TILE_ROWS);
        fl_simd_options(&s.sp, opts, used, len);
        return;
    }
    used = fl_layout_options(&s.L, opts, used, len);
    if (s.first_own)
        fl_pass_option("BS_FIRST", &s.first, opts, used, len);
}

void bs_describe_n(size_t n, char *buf, size_t len)
{
    int used = snprintf(buf, len, "%zu", n);
    if (bs_is_prime(n)) {
        snprintf(buf + used, len - (size_t)used, " (prime)");
        return;
    }
    size_t left = fl_radix_leftover(n, NULL);
    if (n > 1 && left == 1)
        snprintf(buf + used, len - (size_t)used, " (7-smooth: 06_mixed_radix does it directly)");
    else if (n > 1)
        snprintf(buf + used, len - (size_t)used, " (the factor %zu is no radix of 06)", left);
}

void bs_why_m(const struct fl_problem *p, const struct setup *s, char *buf, size_t len)
{
    size_t smallest = fl_smooth_at_least(2 * p->n - 1, NULL);
    if (smallest == s->m) {
        snprintf(buf, len, "the smallest 7-smooth M >= 2N - 1 = %zu", 2 * p->n - 1);
        return;
    }
    static struct fl_radix_plan sp;
    char sr[64], why[256];
    fl_radix_plan_make(smallest, p->batch, &s->lim, &sp, why, sizeof why);
    snprintf(buf, len, "M >= 2N - 1 = %zu; the smallest 7-smooth one, %zu = %s, takes %d pass%s and "
             "%d stages: fewest passes, then least M x stages", 2 * p->n - 1, smallest,
             fl_radix_join(sp.radix, sp.nstages, sr, sizeof sr), sp.npasses,
             sp.npasses == 1 ? "" : "es", sp.nstages);
}
