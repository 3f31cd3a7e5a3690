/* 05_register_radix — radix 4, 8 and 16 in registers: a plan of few passes.
 *
 * What changed since 04_coalescing:
 *   - In 04 every radix-2 stage went through local memory, with a barrier. Now each
 *     work-item holds R = 16 (or 8, or 4) values in registers and does a whole radix-R
 *     butterfly there (dft16 is four dft4s, twiddles, four dft4s); local memory only
 *     carries values between such stages.
 *   - A pass is a work-group finishing sub-FFTs of Q points (Q up to 4096) this way, so
 *     the plan needs few passes: one for N <= 4096 (16384 with the row in parts), two up
 *     to 2^20, three up to 2^26.
 *
 * Variants (--variant; --help says more): radix16 (the default), radix8 and radix4 (the
 * register radix R); sincos and native (twiddles computed, not read from the two-level
 * table); simd (for a CPU: float8 vectors, no local memory); dft32 and twiddle_table (the
 * exercises, exercises/05_register_radix/: a radix-32 block, and a three-level table).
 *
 * The idea: every pass reads and writes all the data once, so fewer passes means less
 * memory traffic, and memory traffic is the cost.
 *
 * Run it:
 *   make 05_register_radix
 *   ./build/05_register_radix --size 2^20 --batch 16 --explain
 *   ./build/05_register_radix --size 4096 --batch 4096 --variant sincos
 *   ./build/05_register_radix --size 16384 --batch 8 --explain         (a row in parts)
 *   FFTLAB_LOCAL_VALUES=64 ./build/05_register_radix --size 256 --explain
 *                                      (pretend local memory holds 64 values)
 *   ./build/05_register_radix --size 2^20 --variant simd --explain     (on a CPU)
 *
 * Files: this one (the variants; plan(): the twiddle table and one launch per pass),
 * layout.c (how many passes, and each one's shape), simd.c (--variant simd). --explain's
 * `kernels` line names every kernel file compiled. Lesson: README.md here; the
 * experiments behind it: NOTES.md. */
#include "register_radix.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"radix16", "r = 16 values per work-item, twiddles from a two-level table (the default)",
     NULL, 0},
    {"radix8", "r = 8: more stages, each one an exchange through local memory", NULL, 0},
    {"radix4", "r = 4: twice radix 16's stages, light work-items", NULL, 0},
    {"sincos", "r = 16, every twiddle computed with full-precision sincos", NULL, 0},
    {"native", "r = 16, twiddles from native_sin/native_cos: checked against 4x the bound, "
     "not graded", NULL, 4.0},
    {"simd", "for a CPU: a work-item does 8 columns of a pass as float8 vectors, no local "
     "memory (N < 64: the default plan)", NULL, 0},
    {"dft32", "exercise: register radix r = 32 with your dft32",
     "exercises/05_register_radix/dft32.cl", 0},
    {"twiddle_table", "exercise: radix16 with your three-level table lookup",
     "exercises/05_register_radix/twiddle_table.cl", 0},
    {NULL, NULL, NULL, 0},
};

/* The register radix and twiddle strategy (the kernel name's suffix) of a variant. */
static size_t radix_of(const char *variant)
{
    if (strcmp(variant, "dft32") == 0)
        return 32;
    if (strcmp(variant, "radix8") == 0)
        return 8;
    return strcmp(variant, "radix4") == 0 ? 4 : 16;
}

static const char *twiddles_of(const char *variant)
{
    if (strcmp(variant, "sincos") == 0 || strcmp(variant, "native") == 0)
        return variant;
    return "table";
}

/* Only the default plans a row of 2 to 4 local memories as one pass in parts. */
static void shape(const struct fl_problem *p, struct layout *L)
{
    layout(p, radix_of(p->variant), strcmp(p->variant, "radix16") == 0, L);
}

/* One pass (p = SPAN, Q) of shape PS: the kernel fft_r<R>_<twiddles> (or fft_rows_r<R>_table
 * for a row in parts), T columns per group, Q/R work-items per column. */
static void add_pass(const struct fl_problem *p, const struct layout *L, struct fl_plan *plan,
                     int *src, int *dst, size_t span, const struct pass_shape *ps, int flags,
                     int hi, int lo, int lo_bits)
{
    size_t Q = ps->Q, T = ps->T, R = ps->R, columns = p->batch * (p->n / Q);
    int rows = ps->kind == PASS_ROWS;
    size_t held = rows ? L->lmax : T * Q;              /* values in local memory at once */
    size_t items = held / R;
    size_t groups = (columns + T - 1) / T;
    size_t global[1] = {groups * items}, local[1] = {items};
    char kernel[64];
    snprintf(kernel, sizeof kernel, "fft_%sr%zu_%s", rows ? "rows_" : "", R, twiddles_of(p->variant));
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
    fl_arg_buffer(l, *src);
    fl_arg_buffer(l, *dst);
    fl_arg_local(l, (held + held / 16) * elem_bytes(p));
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
    if (rows)
        fl_launch_note(l, "row of %zu = %zu x %zu: %s%d radix-%zu stage%s, exchanges in %zu parts, "
                       "a radix-%zu stage in registers; %zu items x %zu values", p->n, T, Q,
                       leftover, stages, R, stages == 1 ? "" : "s", L->B, T, items, L->B * R);
    else
        fl_launch_note(l, "p=%zu Q=%zu: %s%d radix-%zu stage%s in registers, %zu item%s per column, "
                       "%zu column%s per group", span, Q, leftover, stages, R, stages == 1 ? "" : "s",
                       Q / R, Q / R == 1 ? "" : "s", T, T == 1 ? "" : "s");
    int t = *src;
    *src = *dst;
    *dst = t;
}

/* The exercise twiddle_table's table: three levels of 2^B values, back to back, level L
 * holding w_N^(y * 2^(L*B)) at index L * 2^B + y (exponents taken mod N), filled in
 * double precision. The kernels read it through the student's twiddle_lookup3. */
static int three_levels(const struct fl_problem *p, struct fl_plan *plan, int B)
{
    double *t;
    size_t per = (size_t)1 << B;
    int id = fl_plan_table(plan, "twiddles_3", 3 * per, &t);
    const double two_pi = 6.283185307179586476925286766559;
    for (int level = 0; level < 3; level++)
        for (size_t y = 0; y < per; y++) {
            size_t e = (y << (level * B)) & (p->n - 1);
            t[2 * (level * per + y)] = cos(-two_pi * (double)e / (double)p->n);
            t[2 * (level * per + y) + 1] = sin(-two_pi * (double)e / (double)p->n);
        }
    return id;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    int src = FL_BUF_A, dst = FL_BUF_B;
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    if (is_simd(p) && simd_plan(p, plan))
        return;
    const char *tw = twiddles_of(p->variant);
    struct layout L;
    shape(p, &L);
    int log2n = fl_log2(p->n);

    /* The two-level twiddle table for w_N^x: lo holds x < 2^lo_bits, hi the multiples. */
    int hi = -1, lo = -1, lo_bits = (log2n + 1) / 2;
    if (strcmp(p->variant, "twiddle_table") == 0) {
        lo_bits = (log2n + 2) / 3;
        lo = hi = three_levels(p, plan, lo_bits);
    } else if (strcmp(tw, "table") == 0) {
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

    /* The passes: p = 1, then p *= Q after each; conj in on the first and out on the last
     * for an inverse. */
    int npass = L.npass, sign_flags = p->sign > 0;
    size_t span = 1;
    char passes[160];
    int pl = 0;
    for (int i = 0; i < npass; i++) {
        int flags = (i == 0 && sign_flags ? 1 : 0) | (i == npass - 1 && sign_flags ? 2 : 0);
        add_pass(p, &L, plan, &src, &dst, span, &L.pass[i], flags, hi, lo, lo_bits);
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", i ? " x " : "", L.pass[i].Q);
        span *= L.pass[i].Q;
    }
    plan->result = src;

    size_t Rn = L.pass[0].R;
    char cap_note[96] = "";
    if (local_cap() && local_cap() != (size_t)-1)
        snprintf(cap_note, sizeof cap_note, " (FFTLAB_LOCAL_VALUES: local memory taken as %zu values)",
                 L.lmax);
    if (L.B) {
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu (1 pass: %zu columns of %zu and a radix-%zu stage), register radix %zu, "
                 "twiddles: %s. N is more than local memory holds (%zu values%s) but not more than "
                 "%d times that, which the group keeps in registers: each exchange goes through local "
                 "memory in %zu parts, one column at a time, so the data is read and written once.",
                 p->n, L.B, L.pass[0].Q, L.B, Rn, tw, L.lmax, cap_note, MAX_PARTS, L.B);
        return;
    }
    snprintf(plan->summary, sizeof plan->summary,
             "N = %s (%d pass%s), register radix %zu, twiddles: %s. %s%s%s", passes, npass,
             npass == 1 ? "" : "es", Rn, tw,
             npass == 1 ? "One work-group holds a whole row (N <= its local memory and "
                          "work-items x r), so the data is read and written once."
                        : "N is more than one group can hold, and groups of a multi-pass plan "
                          "take >= 4 neighbouring columns for coalesced reads, so Q <= "
                          "min(items x r, local values) / 4; fewest passes, log2 N split evenly.",
             cap_note, is_simd(p) ? " (simd needs N >= 64: the default plan)" : "");
}

/* The -D constants: FFT_PARTS and friends for a row in parts (kernels/05_row_parts.cl
 * compiles those kernels only then), FFT_SIMD for --variant simd, and FFT_ONLY_R /
 * FFT_ONLY_TW / FFT_ONLY_REST: the pass kernels this run launches (their radices,
 * summed, always with the variant's own; the twiddle strategy; the leftover stages, as
 * bits log2 Q mod log2 R), so that a run compiles those alone; an exercise's edit loop
 * then recompiles one or two kernels, each without the stages it never takes. Both directions share the
 * program; nothing here depends on the sign. */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    struct layout L;
    shape(p, &L);
    size_t used = is_simd(p) ? simd_build_options(opts, len) : 0;
    if (!used)
        opts[0] = '\0';
    if (!is_simd(p) && used < len) {
        size_t radices = radix_of(p->variant);
        unsigned rests = 0;
        for (int i = 0; i < L.npass; i++)
            if (L.pass[i].kind == PASS_PLAIN) {
                radices |= L.pass[i].R;
                rests |= 1u << (fl_log2(L.pass[i].Q) % fl_log2(L.pass[i].R));
            }
        const char *tw = twiddles_of(p->variant);
        int mode = strcmp(tw, "sincos") == 0 ? 0 : strcmp(tw, "native") == 0 ? 2 : 1;
        used += (size_t)snprintf(opts + used, len - used,
                                 "%s-D FFT_ONLY_R=%zu -D FFT_ONLY_TW=%d -D FFT_ONLY_REST=%u",
                                 used ? " " : "", radices, mode, rests);
        if (used >= len)
            used = len - 1;
    }
    if (L.B && used < len)
        snprintf(opts + used, len - used, "%s-D FFT_PARTS=%zu -D FFT_LOCAL_VALUES=%zu "
                 "-D FFT_MAX_ITEMS=%zu -D FFT_ITEMS_R4=%zu -D FFT_ITEMS_R8=%zu -D FFT_ITEMS_R16=%zu",
                 used ? " " : "", L.B, L.lmax, p->dev->max_wg, L.lmax / 4, L.lmax / 8, L.lmax / 16);
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    size_t wg = p->wg;
    if (local_cap() == (size_t)-1) {
        snprintf(why, len, "FFTLAB_LOCAL_VALUES='%s' must be a power of two >= 16 (the values "
                 "local memory is pretended to hold)", getenv("FFTLAB_LOCAL_VALUES"));
        return -1;
    }
    if (simd_check(why, len))
        return -1;
    if (!wg)
        return 0;
    if (wg & (wg - 1)) {
        snprintf(why, len, "--wg %zu must be a power of two (a column of Q values is shared by "
                 "Q/r work-items, and Q, r are powers of two)", wg);
        return -1;
    }
    return fl_check_group_size(p, wg, why, len);
}

int main(int argc, char **argv)
{
    static const char *const uses[] = {"05_passes.cl", "05_row_parts.cl", "simd_cv.cl",
                                       "05_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "05_register_radix",
        .title = "register radix-4/8/16 butterflies, few passes",
        .kernel_file = "05_register_radix.cl",
        .uses = uses,
        .help = "Each work-item holds r = 16 (8, 4) values in registers and does radix-r\n"
                "butterflies there; a work-group finishes Q-point sub-FFTs (Q <= 4096) with\n"
                "local memory only for the exchange; rows of 2 to 4 local memories (8192 and\n"
                "16384 in fp32) take one pass in parts. --wg sets the work-items per group\n"
                "the plan aims for (default 256); --explain shows the passes and why.\n"
                "FFTLAB_LOCAL_VALUES=V pretends local memory holds V values (a GPU's plans\n"
                "at small N).",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
    };
    return fl_main(argc, argv, &chapter);
}
