/* 05_register_radix — radix 4/8/16 in registers, a plan of few passes.
 *
 * What changed since 04_coalescing: in 04 every radix-2 stage of a pass went through
 * local memory with a barrier, two values per work-item. Now each work-item holds R = 16
 * (or 8, or 4) values in registers and does a whole radix-R butterfly there (dft16 is
 * four dft4s, twiddles, four dft4s); local memory only carries values from one item to
 * another between such stages. A pass is a work-group finishing Q-point sub-FFTs
 * ("columns", Q up to 4096) this way, and the plan needs few of them: one pass for
 * N <= 4096, two up to 2^20, three up to 2^26 on a GPU. Every pass reads and writes the
 * data once, so fewer passes is less memory traffic, and memory traffic is the cost.
 * Twiddles come three ways, side by side: sincos, a two-level table, native_sin/cos.
 *
 * Build and run:
 *   make 05_register_radix
 *   ./build/05_register_radix --size 2^20 --batch 16 --explain
 *   ./build/05_register_radix --size 4096 --batch 4096 --variant table
 * Kernels: kernels/05_register_radix.cl (the DFT blocks and twiddles) and
 * kernels/05_passes.cl (the pass kernels). Lesson: README.md here. */
#include "../../common/chapter.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"radix16", "R = 16 values per work-item, twiddles from a two-level table (the chapter's default)",
     NULL, 0},
    {"radix8", "R = 8 (dft8 = two dft4s and a twiddle), table twiddles", NULL, 0},
    {"radix4", "R = 4, table twiddles: more stages, more local-memory exchanges", NULL, 0},
    {"sincos", "R = 16, every twiddle computed with full-precision sincos", NULL, 0},
    {"native", "R = 16, twiddles from native_sin/native_cos: faster, less accurate; "
     "checked against 4x the bound, not graded", NULL, 4.0},
    {"runtime_radix", "R = 16, the leftover stage's radix passed at run time: v[] leaves the "
     "registers (the lesson's spill demo; slow on a GPU)", NULL, 0},
    {"dft8", "R = 8 with your dft8 built from dft4/dft2 (exercise)",
     "exercises/05_register_radix/dft8.cl", 0},
    {"twiddle_table", "R = 16 with your two-level table lookup (exercise)",
     "exercises/05_register_radix/twiddle_table.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256      /* work-items per group the plan aims for            */
#define MAX_FUSED 4096      /* largest Q one work-group does (local memory, 32 KiB fp32) */
#define MIN_COLUMNS 4       /* a group of a multi-pass plan reads runs of >= 4 columns:
                               4 x 8 bytes = one 32-byte memory sector                 */

/* Variant -> register radix and twiddle kernel suffix. */
static void variant_shape(const char *variant, size_t *R, const char **tw)
{
    *R = 16;
    *tw = "table";
    if (strcmp(variant, "radix8") == 0 || strcmp(variant, "dft8") == 0)
        *R = 8;
    else if (strcmp(variant, "radix4") == 0)
        *R = 4;
    else if (strcmp(variant, "sincos") == 0)
        *tw = "sincos";
    else if (strcmp(variant, "native") == 0)
        *tw = "native";
}

static size_t floor_pow2(size_t v)
{
    size_t r = 1;
    while (r * 2 <= v)
        r *= 2;
    return r;
}

static size_t ceil_pow2(size_t v)
{
    size_t r = 1;
    while (r < v)
        r *= 2;
    return r;
}

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

/* Complex values a group may keep in local memory: the device's local memory less the
 * 1/16 padding, rounded down to a power of two, at most MAX_FUSED. */
static size_t local_values(const struct fl_problem *p)
{
    size_t v = floor_pow2((size_t)(p->dev->local_mem / elem_bytes(p) * 16 / 17));
    return v < MAX_FUSED ? v : MAX_FUSED;
}

static size_t group_items(const struct fl_problem *p)
{
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    return wg < p->dev->max_wg ? wg : floor_pow2(p->dev->max_wg);
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    size_t wg = p->wg;
    if (!wg)
        return 0;
    if (wg & (wg - 1)) {
        snprintf(why, len, "--wg %zu must be a power of two (a column of Q values is shared by "
                 "Q/R work-items, and Q, R are powers of two)", wg);
        return -1;
    }
    return fl_check_group_size(p, wg, why, len);
}

/* One pass (p, Q) with T columns per group. */
static void add_pass(const struct fl_problem *p, struct fl_plan *plan, int *src, int *dst,
                     size_t span, size_t Q, size_t T, int flags, int hi, int lo, int lo_bits)
{
    size_t R, columns = p->batch * (p->n / Q);
    const char *tw;
    variant_shape(p->variant, &R, &tw);
    if (R > Q)
        R = Q;
    size_t items = T * (Q / R);
    size_t groups = (columns + T - 1) / T;
    size_t global[1] = {groups * items}, local[1] = {items};
    char kernel[64];
    snprintf(kernel, sizeof kernel, "fft_r%zu_%s%s", R, tw,
             strcmp(p->variant, "runtime_radix") == 0 && R == 16 ? "_runtime" : "");
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
    fl_arg_buffer(l, *src);
    fl_arg_buffer(l, *dst);
    fl_arg_local(l, (T * Q + T * Q / 16) * elem_bytes(p));
    fl_arg_buffer(l, hi >= 0 ? hi : *src);     /* non-table kernels never read hi/lo */
    fl_arg_buffer(l, lo >= 0 ? lo : *src);
    fl_arg_int(l, (int)p->n);
    fl_arg_int(l, (int)span);
    fl_arg_int(l, (int)Q);
    fl_arg_int(l, (int)T);
    fl_arg_int(l, (int)p->batch);
    fl_arg_int(l, flags);
    fl_arg_int(l, lo_bits);
    int rest = fl_log2(Q) % fl_log2(R), stages = fl_log2(Q) / fl_log2(R);
    char leftover[32] = "";
    if (rest)
        snprintf(leftover, sizeof leftover, "a radix-%d stage, then ", 1 << rest);
    fl_launch_note(l, "p=%zu Q=%zu: %s%d radix-%zu stage%s in registers, %zu item%s per column, "
                   "%zu column%s per group", span, Q, leftover, stages, R, stages == 1 ? "" : "s",
                   Q / R, Q / R == 1 ? "" : "s", T, T == 1 ? "" : "s");
    int t = *src;
    *src = *dst;
    *dst = t;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    int src = FL_BUF_A, dst = FL_BUF_B;
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    size_t R;
    const char *tw;
    variant_shape(p->variant, &R, &tw);
    size_t wg = group_items(p), lmax = local_values(p);
    int log2n = fl_log2(p->n);

    /* The two-level twiddle table for w_N^x: lo holds x < 2^lo_bits, hi the multiples. */
    int hi = -1, lo = -1, lo_bits = (log2n + 1) / 2;
    if (strcmp(tw, "table") == 0) {
        double *h, *w;
        size_t nlo = (size_t)1 << lo_bits, nhi = p->n >> lo_bits;
        lo = fl_plan_table(plan, "twiddles_lo", nlo, &w);
        hi = fl_plan_table(plan, "twiddles_hi", nhi, &h);
        /* forward roots only: the kernels do an inverse as conj(forward(conj x)) */
        const double two_pi = 6.283185307179586476925286766559;
        for (size_t z = 0; z < nlo; z++) {
            w[2 * z] = cos(-two_pi * (double)z / (double)p->n);
            w[2 * z + 1] = sin(-two_pi * (double)z / (double)p->n);
        }
        for (size_t y = 0; y < nhi; y++) {
            h[2 * y] = cos(-two_pi * (double)(y << lo_bits) / (double)p->n);
            h[2 * y + 1] = sin(-two_pi * (double)(y << lo_bits) / (double)p->n);
        }
    }

    /* Pass sizes. One pass when the whole row fits a group (Q = N). Otherwise each pass
     * must keep MIN_COLUMNS columns per group for coalesced reads, which caps Q; take as
     * few passes as that cap allows and split log2 N evenly between them. */
    size_t Rn = R < p->n ? R : p->n;
    int one_pass = p->n <= lmax && p->n <= wg * Rn;
    int npass = 1, logq[32];
    logq[0] = log2n;
    if (!one_pass) {
        size_t cap = wg * R / MIN_COLUMNS;
        if (cap > lmax / MIN_COLUMNS)
            cap = lmax / MIN_COLUMNS;
        if (cap < 2)
            cap = 2;
        int logcap = fl_log2(floor_pow2(cap));
        npass = (log2n + logcap - 1) / logcap;
        for (int i = 0; i < npass; i++)
            logq[i] = log2n / npass + (i < log2n % npass);
    }
    int sign_flags = p->sign > 0;
    size_t span = 1;
    char passes[160];
    int pl = 0;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i], Ri = R < Q ? R : Q;
        size_t T = wg * Ri / Q;                     /* columns per group to fill wg items */
        if (T > lmax / Q) T = lmax / Q;
        if (npass > 1 && T > p->n / Q) T = p->n / Q;
        if (npass == 1 && T > ceil_pow2(p->batch)) T = ceil_pow2(p->batch); /* no idle rows */
        if (T < 1) T = 1;
        T = floor_pow2(T);
        int flags = (i == 0 && sign_flags ? 1 : 0) | (i == npass - 1 && sign_flags ? 2 : 0);
        add_pass(p, plan, &src, &dst, span, Q, T, flags, hi, lo, lo_bits);
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", i ? " x " : "", Q);
        span *= Q;
    }
    plan->result = src;
    snprintf(plan->summary, sizeof plan->summary,
             "N = %s (%d pass%s), register radix %zu, twiddles: %s. %s", passes, npass,
             npass == 1 ? "" : "es", Rn, tw,
             npass == 1 ? "One work-group holds a whole row (N <= its local memory and "
                          "work-items x R), so the data is read and written once."
                        : "N is more than one group can hold, and groups of a multi-pass plan "
                          "take >= 4 neighbouring columns for coalesced reads, so Q <= "
                          "min(items x R, local values) / 4; fewest passes, log2 N split evenly.");
}

int main(int argc, char **argv)
{
    static const char *const uses[] = {"05_passes.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "05_register_radix",
        .title = "register radix-4/8/16 butterflies, few passes",
        .kernel_file = "05_register_radix.cl",
        .uses = uses,
        .help = "Each work-item holds R = 16 (8, 4) values in registers and does radix-R\n"
                "butterflies there; a work-group finishes Q-point sub-FFTs (Q <= 4096) with\n"
                "local memory only for the exchange. --wg sets the work-items per group the\n"
                "plan aims for (default 256); --explain shows the passes and why.",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
    };
    return fl_main(argc, argv, &chapter);
}
