/* 06_mixed_radix — N = 2^a 3^b 5^c 7^d: self-sorting passes with mixed radices.
 *
 * What changed since 05_register_radix: 05 did powers of two only; now N may have the
 * factors 3, 5 and 7 too.
 *
 * The idea: factor N into radices (2, 3, 4, 5, 7, 8, 9, 10, 16), group them into as few
 * passes as fit a work-group, and run each pass as in 05, so the output is in order with
 * no reordering pass.
 *
 * Variants (--variant):
 *   stockham      (default) 05's self-sorting passes with dft3, dft5, dft7, dft9 and
 *                 dft10 beside dft2/4/8/16; one pass whenever a row fits a work-group
 *                 (whole rows of 3^a and 5^a: blocks of 25 and 27 too), at most three up
 *                 to 2^26. The radices, Q, p and the group shape are -D constants, so the
 *                 stages unroll and the values stay in registers.
 *   no_parts, primes, no_radix10, no_radix9   stockham without one of its tricks (rows
 *                 in parts, the composite radices): the lesson's comparisons.
 *   three_blocks  ARM's pipeline as the article teaches it: digit-reverse the input
 *                 once, then per stage a twiddle kernel and a butterfly kernel, in
 *                 place. Correct, and slow: two passes over memory per stage.
 *   simd          for a CPU (simd.c): 8 neighbouring columns as the lanes of float8 or
 *                 double8 vectors, a whole column in registers.
 *   dft6, digit_reverse   the exercises (exercises/06_mixed_radix/).
 *
 * The planner (which radices, in which order, how many passes, which group shape) is
 * common/fft/radix_plan.c, reused by 07-10; plan.c holds this chapter's limits and group
 * rules. --tune measures each pass's group shape on the device and keeps the fastest;
 * --shapes gives them by hand.
 *
 * Run it:
 *   make 06_mixed_radix
 *   ./build/06_mixed_radix --size 1000 --batch 16 --explain
 *   ./build/06_mixed_radix --size 48 --variant three_blocks --explain    (the permutation)
 *   ./build/06_mixed_radix --size 3^10 --inverse --precision double
 *   ./build/06_mixed_radix --size 2^18 --batch 64 --tune       (per-pass shapes, measured)
 *
 * --explain's `kernels` line names every kernel file compiled. Lesson: README.md here;
 * measurements and experiments: NOTES.md. */
#include "mixed_radix.h"

#include "../../common/fft/radix_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"stockham", "self-sorting passes, radices 16/8/4/2, 3/5/7, 9 and 10 in registers, kernels "
     "specialized per size with -D (the chapter's default)", NULL, 0},
    {"three_blocks", "ARM's pipeline: digit-reverse once, then a twiddle and a radix-S kernel "
     "per stage, in place (correct, slow)", NULL, 0},
    {"primes", "stockham with the prime radices 2, 3, 5, 7 only: more stages (the lesson's "
     "comparison)", NULL, 0},
    {"no_radix10", "stockham without the radix-10 block: each 2 x 5 takes a radix-2 (or 4, 8, "
     "16) and a radix-5 stage (the lesson's comparison)", NULL, 0},
    {"no_radix9", "stockham without the radix-9 block: each 3 x 3 takes two radix-3 stages "
     "(the lesson's comparison)", NULL, 0},
    {"dft6", "stockham with a radix-6 stage for each 2 x 3, your dft6 from two dft3s (exercise)",
     "exercises/06_mixed_radix/dft6.cl", 0},
    {"digit_reverse", "three_blocks with the digit reversal done as a scatter, its target "
     "computed in the kernel (exercise)", "exercises/06_mixed_radix/digit_reverse.cl", 0},
    {"no_parts", "stockham without the row in parts: a row longer than local memory holds "
     "(8192, 16384 fp32) takes two passes, as before it (the lesson's comparison)", NULL, 0},
    {"no_radix25", "stockham without the blocks of 25 and 27 points: whole rows of 3^a and "
     "5^a in stages of 9 and 5, as before them (the lesson's comparison)", NULL, 0},
    {"simd", "for a CPU: one work-item does 8 neighbouring columns of a pass as SIMD vectors "
     "(real and imaginary parts apart), a whole mixed-radix column in registers "
     "(kernels/06_simd.cl; N < 64 and sizes without a fitting plan take stockham's)", NULL, 0},
    {NULL, NULL, NULL, 0},
};

#define BLOCKS_WG 64     /* group size of the three_blocks kernels          */
#define SHOW_PERMUTATION 64 /* --explain prints the digit reversal up to this N */

static int check(const struct fl_problem *p, char *why, size_t len)
{
    if (mr_is_simd(p) && fl_simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be a number from 8 to 64",
                 getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (mr_is_blocks(p)) {
        unsigned r[FL_RADIX_MAX_STAGES];
        if (fl_radix_factor(p->n, NULL, r, FL_RADIX_MAX_STAGES) < 0) {
            snprintf(why, len, "N = %zu needs more than %d stages", p->n, FL_RADIX_MAX_STAGES);
            return -1;
        }
        return 0;
    }
    static struct fl_radix_plan rp;
    return mr_make_plan(p, &rp, why, len);
}

/* Passes whose group shape --shapes and --tune set: those of a multi-pass Stockham plan
 * (a single pass does whole rows, the other variants have no such passes). */
static int shaped_passes(const struct fl_problem *p)
{
    static struct fl_radix_plan rp;
    static struct fl_simd_plan sp;
    char why[256];
    if (p->n < 2 || mr_is_blocks(p) || (mr_is_simd(p) && fl_simd_make(p->n, &sp)) ||
        mr_make_plan(p, &rp, why, sizeof why) != 0)
        return 0;
    return rp.npasses > 1 ? rp.npasses : 0;
}

/* -D constants of the Stockham passes (kernels/06_passes.cl): FL_N, FL_LO_BITS and for
 * each pass k P<k>_Q, _P, _I, _T and _R (the radices, comma-separated, 0-padded to 12). */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct fl_radix_plan rp;
    char why[256];
    size_t used = 0;
    opts[0] = '\0';
    if (mr_is_simd(p)) {
        static struct fl_simd_plan sp;
        if (fl_simd_make(p->n, &sp)) {   /* else the default plan's constants, below */
            fl_simd_options(&sp, opts, 0, len);
            return;
        }
    }
    if (strcmp(p->variant, "digit_reverse") == 0)
        snprintf(opts, len, "-D FL_DIGIT_REVERSE_INDEX=1"); /* the exercise's kernel */
    if (mr_is_blocks(p) || mr_make_plan(p, &rp, why, sizeof why) != 0)
        return;
    used += (size_t)snprintf(opts + used, len - used, "-D FL_N=%zu -D FL_LO_BITS=%d%s", p->n,
                             fl_twiddle_lo_bits(p->n), strcmp(p->variant, "dft6") == 0 ? " -D FL_RADIX6=1" : "");
    for (int s = 0; s < rp.nstages; s++) /* a block of 25 or 27: its values in registers */
        if (rp.radix[s] > FL_RADIX_MAX_VALUES && used < len) {
            used += (size_t)snprintf(opts + used, len - used, " -D FL_VMAX=%d", FL_RADIX_MAX_BLOCK);
            break;
        }
    if (rp.npasses > 0 && rp.pass[0].halves && used < len) /* README "Exchanging in halves" */
        used += (size_t)snprintf(opts + used, len - used, " -D FL_PASS_HALVES=1");
    for (int k = 0; k < rp.npasses && used < len; k++) {
        const struct fl_radix_pass *ps = &rp.pass[k];
        /* a row in parts: Q and the radices are one part's, its last stage (radix B, in
         * registers) is P<k>_PARTS */
        int nstages;
        size_t q = fl_radix_pass_kernel_q(ps, &nstages);
        char list[64];
        int l = 0;
        /* all FL_RADIX_MAX_PASS_STAGES of them, 0 after the last: the kernel pastes the
         * list as that many arguments (OpenCL C 1.2 has no variadic macros to count them) */
        for (int s = 0; s < FL_RADIX_MAX_PASS_STAGES; s++)
            l += snprintf(list + l, sizeof list - (size_t)l, "%s%u", s ? "," : "",
                          s < nstages ? ps->radix[s] : 0);
        used += (size_t)snprintf(opts + used, len - used,
                                 " -D P%d_Q=%zu -D P%d_P=%zu -D P%d_I=%zu -D P%d_T=%zu -D P%d_R=%s",
                                 k, q, k, ps->span, k, ps->items, k, ps->columns, k, list);
        if (ps->parts > 1 && used < len) /* a row in parts, or a pass's columns in parts */
            used += (size_t)snprintf(opts + used, len - used, " -D P%d_%s=%zu", k,
                                     fl_radix_pass_row_parts(ps) ? "PARTS" : "COLPARTS", ps->parts);
    }
}

/* The two-level table (common/fft/radix_plan.h), forward roots only: the passes do an inverse
 * as conj(forward(conj x)). */
static void fill_twiddle_tables(const struct fl_problem *p, struct fl_plan *plan, int *hi, int *lo)
{
    int b = fl_twiddle_lo_bits(p->n);
    size_t nlo = (size_t)1 << b, nhi = (p->n + nlo - 1) >> b;
    double *w, *h;
    *lo = fl_plan_table(plan, "twiddles_lo", nlo, &w);
    *hi = fl_plan_table(plan, "twiddles_hi", nhi, &h);
    fl_twiddle_fill(p->n, b, w, h);
}

static void plan_stockham(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct fl_radix_plan rp;
    char why[256], all[160], radices[64];
    if (mr_make_plan(p, &rp, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    int hi, lo, src = FL_BUF_A, dst = FL_BUF_B;
    fill_twiddle_tables(p, plan, &hi, &lo);
    int conj = p->sign > 0;
    char passes[128];
    int pl = 0;
    for (int k = 0; k < rp.npasses; k++) {
        const struct fl_radix_pass *ps = &rp.pass[k];
        size_t items = ps->items * ps->columns;
        size_t columns = p->batch * (p->n / ps->q);
        size_t groups = (columns + ps->columns - 1) / ps->columns;
        size_t global[1] = {groups * items}, local[1] = {items};
        char kernel[32];
        snprintf(kernel, sizeof kernel, fl_radix_pass_row_parts(ps) ? "fft_row_parts_p%d"
                                        : ps->parts > 1 ? "fft_mixed_parts_p%d" : "fft_mixed_p%d", k);
        struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_local(l, fl_radix_pass_local_values(ps) * mr_elem_bytes(p));
        fl_arg_buffer(l, hi);
        fl_arg_buffer(l, lo);
        fl_arg_int(l, (int)p->batch);
        fl_arg_int(l, (k == 0 && conj ? 1 : 0) | (k == rp.npasses - 1 && conj ? 2 : 0));
        fl_radix_join(ps->radix, ps->nstages, radices, sizeof radices);
        if (fl_radix_pass_row_parts(ps))
            fl_launch_note(l, "row of %zu = %zu parts x[q + %zu j] of %zu: %s, the last across "
                           "the parts in registers; %zu items (%zu values each), %zu-round "
                           "exchanges%s", ps->q, ps->parts, ps->parts, ps->q / ps->parts, radices,
                           ps->items, ps->values, ps->parts * (ps->halves ? 2 : 1),
                           ps->halves ? " in halves" : "");
        else {
            char in_parts[96] = ""; /* a pass's columns in parts (README "Passes in parts") */
            if (ps->parts > 1)
                snprintf(in_parts, sizeof in_parts, ", exchanged in %zu parts of %zu column%s",
                         ps->parts, ps->columns / ps->parts, ps->columns / ps->parts == 1 ? "" : "s");
            fl_launch_note(l, "p=%zu Q=%zu = %s: %d stage%s, %zu item%s per %s (<= %zu values "
                           "each), %zu %s%s per group%s", ps->span, ps->q, radices, ps->nstages,
                           ps->nstages == 1 ? "" : "s", ps->items, ps->items == 1 ? "" : "s",
                           rp.npasses == 1 ? "row" : "column", ps->values, ps->columns,
                           rp.npasses == 1 ? "row" : "column", ps->columns == 1 ? "" : "s", in_parts);
        }
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", k ? " x " : "", ps->q);
        int t = src;
        src = dst;
        dst = t;
    }
    plan->result = src;
    fl_radix_join(rp.radix, rp.nstages, all, sizeof all);
    char list[64];
    if (rp.npasses == 1 && fl_radix_pass_row_parts(&rp.pass[0]))
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %.48s: 1 pass in %zu parts (N > %zu, local memory): %zu columns "
                 "x[q + %zu j] in a group's registers, every exchange a part at a time, then "
                 "the last stage across the parts in registers. Read and written once.",
                 p->n, all, rp.pass[0].parts, rp.single_pass_max, rp.pass[0].parts, rp.pass[0].parts);
    else if (rp.npasses == 1)
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %s: 1 pass, %d stages in registers. Radices from {%s}, the largest "
                 "that fit, so fewest stages; one work-group holds a whole row (N <= %zu: local "
                 "memory and items x 16 values), so the data is read and written once.",
                 p->n, all, rp.nstages, fl_radix_list(mr_radices(p), list, sizeof list),
                 rp.single_pass_max);
    else if (mr_long_first(p, &rp)) /* README "The longer pass first" */
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %.64s: 2 passes, Q = %.40s, the longer first. The last pass writes "
                 "each column's outputs %zu apart, its group's %zu neighbouring columns side by "
                 "side: the fewer its points, the more columns, the longer each run. So N = 2^a "
                 "takes the largest first pass that keeps its columns in at most 2 parts (passes "
                 "in parts; here %zu and %zu) and leaves the last at least %d points.",
                 p->n, all, passes, rp.pass[1].span, rp.pass[1].columns, rp.pass[0].parts,
                 rp.pass[1].parts, MR_LONG_FIRST_MIN_LAST);
    else if (rp.npasses == 2 && (rp.pass[0].parts > 1 || rp.pass[1].parts > 1)) /* README "Passes in parts" */
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %.64s: %d passes, Q = %.40s. N > %zu, what one group holds; a group "
                 "of a multi-pass plan keeps >= 4 neighbouring columns (coalesced reads), so Q <= "
                 "%zu would take 3 passes; a pass of Q up to %zu keeps its columns in registers "
                 "instead, exchanged in parts (here %zu and %zu).",
                 p->n, all, rp.npasses, passes, rp.single_pass_max, rp.multi_pass_max_q,
                 rp.single_pass_max, rp.pass[0].parts, rp.pass[1].parts);
    else
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %s: %d passes, Q = %s. N > %zu, what one group holds; a group of a "
                 "multi-pass plan keeps >= 4 neighbouring columns (coalesced reads), so Q <= %zu; "
                 "fewest passes, prime factors spread so the Q are even, largest first.",
                 p->n, all, rp.npasses, passes, rp.single_pass_max, rp.multi_pass_max_q);
}

static void plan_blocks(const struct fl_problem *p, struct fl_plan *plan)
{
    unsigned r[FL_RADIX_MAX_STAGES];
    int ns = fl_radix_factor(p->n, NULL, r, FL_RADIX_MAX_STAGES);
    int computed = strcmp(p->variant, "digit_reverse") == 0;
    size_t g = mr_group_items(p, BLOCKS_WG);
    int conj = p->sign > 0;
    double *t;
    int table;
    if (computed) {
        table = fl_plan_table(plan, "radices", (size_t)ns, &t);
        for (int s = 0; s < ns; s++)
            t[2 * s] = r[s];
    } else {
        table = fl_plan_table(plan, "digit_reverse", p->n, &t);
        for (size_t m = 0; m < p->n; m++) {
            size_t from = fl_digit_reverse(m, r, ns);
            t[2 * m] = (double)(from % 4096); /* DIGIT_TABLE_SPLIT in the kernel file */
            t[2 * m + 1] = (double)(from / 4096);
        }
    }
    size_t global[2] = {(p->n + g - 1) / g * g, p->batch}, local[2] = {g, 1};
    struct fl_launch *l = fl_plan_add(plan, computed ? "digit_reverse_computed" : "digit_reverse",
                                      2, global, local);
    fl_arg_buffer(l, FL_BUF_A);
    fl_arg_buffer(l, FL_BUF_B);
    fl_arg_buffer(l, table);
    if (computed)
        fl_arg_int(l, ns);
    fl_arg_int(l, (int)p->n);
    fl_arg_int(l, conj ? 1 : 0);
    if (computed)
        fl_launch_note(l, "x[j] sent to y[e], the e with idx(e) = j (your digit_reverse_target): "
                       "the input in digit-reversed order, A -> B");
    else
        fl_launch_note(l, "y[e] = x[idx(e)]: the input in digit-reversed order, A -> B");
    size_t span = 1;
    for (int s = 0; s < ns; s++) {
        if (s > 0) {
            l = fl_plan_add(plan, "twiddle_stage", 2, global, local);
            fl_arg_buffer(l, FL_BUF_B);
            fl_arg_int(l, (int)p->n);
            fl_arg_int(l, (int)span);
            fl_arg_int(l, (int)r[s]);
            fl_launch_note(l, "stage %d: y[e] *= w_%zu^(k*m), k = e mod p, m = (e/p) mod r, p=%zu r=%u", s, span * r[s], span, r[s]);
        }
        char kernel[32];
        snprintf(kernel, sizeof kernel, "radix_%u", r[s]);
        size_t bg[2] = {(p->n / r[s] + g - 1) / g * g, p->batch};
        l = fl_plan_add(plan, kernel, 2, bg, local);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_int(l, (int)p->n);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, s == ns - 1 && conj ? 2 : 0);
        fl_launch_note(l, "stage %d: %zu radix-%u butterflies in place, span p=%zu", s, p->n / r[s],
                       r[s], span);
        span *= r[s];
    }
    plan->result = FL_BUF_B;
    char all[160];
    int len = snprintf(plan->summary, sizeof plan->summary,
                       "N = %zu = %s: digit-reverse once%s, then per stage a twiddle (not the "
                       "first) and a radix-r kernel, in place: %d launches, each over all the data.",
                       p->n, fl_radix_join(r, ns, all, sizeof all),
                       computed ? " (as a scatter, its target computed in the kernel)"
                       : " (index table from the host)",
                       plan->nlaunch);
    if (p->n <= SHOW_PERMUTATION && len < (int)sizeof plan->summary) {
        len += snprintf(plan->summary + len, sizeof plan->summary - (size_t)len, " idx(e) =");
        for (size_t m = 0; m < p->n && len < (int)sizeof plan->summary; m++)
            len += snprintf(plan->summary + len, sizeof plan->summary - (size_t)len, " %zu",
                            fl_digit_reverse(m, r, ns));
    }
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    static struct fl_simd_plan sp;
    if (mr_is_blocks(p)) {
        plan_blocks(p, plan);
    } else if (mr_is_simd(p) && fl_simd_make(p->n, &sp)) {
        mr_plan_simd(p, plan, &sp);
    } else {
        plan_stockham(p, plan);
        if (mr_is_simd(p)) {
            size_t used = strlen(plan->summary);
            snprintf(plan->summary + used, sizeof plan->summary - used,
                     " (simd: %s, so the default plan)", p->n < FL_SIMD_VL * FL_SIMD_VL
                     ? "N < 64 has fewer than 8 columns per row for 8 lanes"
                     : "no passes with N/Q >= 8 first, p >= 8 after, Q <= FFTLAB_SIMD_QMAX "
                       "of blocks 2..8");
        }
    }
}

int main(int argc, char **argv)
{
    /* simd_cv.cl and 06_simd.cl compile to nothing without -D FFT_SIMD (--variant simd) */
    static const char *const uses[] = {"06_passes.cl", "06_blocks_25_27.cl", "06_row_parts.cl",
                                       "06_column_parts.cl", "05_register_radix.cl", "simd_cv.cl",
                                       "06_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "06_mixed_radix",
        .title = "mixed radix 2/3/4/5/7/8/9/10/16: digit reversal, then self-sorting passes",
        .kernel_file = "06_mixed_radix.cl",
        .uses = uses,
        .help = "N = 2^a 3^b 5^c 7^d up to 2^26. The default variant (stockham) does a few\n"
                "self-sorting passes with radix 16/10/8/4/2/3/5/7 butterflies in registers, its\n"
                "kernels compiled for the size (-D constants); three_blocks is the textbook\n"
                "pipeline (digit-reverse, then twiddle and radix-S kernels per stage). --wg sets\n"
                "the work-items per group the plan may use (default 256); --explain shows the\n"
                "factorization, the passes and every launch. --tune measures each pass's group\n"
                "shape on the device and keeps the fastest (--shapes repeats a choice).\n"
                "--variant simd is for a CPU:\n"
                "8 columns per work-item as vectors (FFTLAB_SIMD_QMAX=Q, 8..64, its largest Q).",
        .demo_n = 1000000,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
        .shaped_passes = shaped_passes,
    };
    return fl_main(argc, argv, &chapter);
}
