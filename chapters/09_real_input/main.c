/* 09_real_input — real input: R2C by a half-length complex FFT and a twist, C2R back.
 *
 * What changed since 07_multidim: the data is real. Its spectrum is Hermitian,
 * X(-k) = conj X(k), so half of it is enough: forward is R2C, N reals in and N/2 + 1
 * complex values out along the last axis (FFTW's r2c layout, numpy.fft.rfft's);
 * --inverse is C2R, that half spectrum back to N reals (not divided by N).
 *
 * The idea: read the N reals as M = N/2 complex values z_j = x_2j + i x_2j+1 (the same
 * bytes), do an M-point complex FFT with 06's passes, then one more kernel, the twist,
 * splits the result into the spectra of the even and the odd samples and joins them into
 * X_k (the last radix-2 step). C2R runs the steps backwards. In 2-D and 3-D only the
 * last axis halves: the rows and the twist, then 07's column passes on the half spectrum.
 *
 * Variants (--variant): twist (the idea above, as separate launches), fused (the twist
 * inside a row pass: fused.c), column_pairs (the default for long 1-D rows: the twist in
 * the first of two passes, pairs.c), simd (a CPU's vectors: simd.c), post_twist (the
 * exercise: twist's plan with the rows packed conjugated, conj_packing below). real.h says
 * what the files share.
 *
 * Run it:
 *   make 09_real_input
 *   ./build/09_real_input --size 16 --variant twist --explain
 *   ./build/09_real_input --size 2^20 --batch 16
 *   ./build/09_real_input --size 512x512 --inverse --precision double
 *   ./build/09_real_input --input x.npy --output X.npy   (float32 (batch, N) -> complex64
 *                                                         (batch, N/2+1))
 *   ./build/09_real_input --variant post_twist --size 16      (the exercise)
 *
 * --explain names every kernel file compiled. Lesson: README.md here; measurements:
 * NOTES.md. */
#include "real.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"column_pairs", "the default: 1-D R2C of long rows as N = N1 x N2, the twist's pairs inside "
     "pass 1 (else fused's plan)", NULL, 0},
    {"fused", "the twist inside a row pass: the single pass, or the paired last (C2R: first) "
     "pass", NULL, 0},
    {"twist", "the lesson's first form: the N/2-point FFT of the packed reals, then the twist "
     "on its own", NULL, 0},
    {"post_twist", "twist, the rows packed conjugated (x_2j - i x_2j+1), with your "
     "post_twist_pair from the exercise file (exercise)",
     "exercises/09_real_input/post_twist.cl", 0},
    {"simd", "for a CPU: the rows by 06's simd passes, the twist 8 pairs per item as vectors",
     NULL, 0},
    {NULL, NULL, NULL, 0},
};

/* The exercise's packing: --variant post_twist reads each row conjugated, z_j = x_(2j) -
 * i x_(2j+1) (the first pass's conj-in flag, the one an inverse's first pass sets), so
 * the twist it builds in gets DFT_H of that packing, not the chapter's. Returns the flag
 * for fl_layout_launches: 1 (PASS_CONJ_IN) for that variant, 0 otherwise. */
static int conj_packing(const struct fl_problem *p)
{
    return strcmp(p->variant, "post_twist") == 0;
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

/* The summary line of --explain: the steps in the order they run, then why a variant
 * ran another's plan. */
static void summarize(struct fl_plan *plan, const struct fl_problem *p0, const struct fl_problem *p,
                      const struct fl_real_plan *R, int separate, const char *how_x, const char *how_yz)
{
    int inverse = p->sign > 0;
    size_t used = (size_t)snprintf(plan->summary, sizeof plan->summary, "%s of rows of %zu reals "
                                   "(read as %zu complex values), %zu rows", inverse ? "c2r" : "r2c",
                                   R->nx, R->m, R->rows);
    char twist[96];
    snprintf(twist, sizeof twist, "the %s (%zu pairs per row)", inverse ? "inverse twist" : "twist",
             R->m / 2 + 1);
    const char *steps[3] = {how_x[0] ? how_x : "the rows have 1 value: nothing to transform",
                            separate ? twist : NULL, p->ndims > 1 && how_yz[0] ? how_yz : NULL};
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
                 "pairs do R2C of 1-D rows whose N/2 takes several passes and splits as N1 x N2)");
    else if (p != p0 && used < sizeof plan->summary)
        snprintf(plan->summary + used, sizeof plan->summary - used, " (simd: %s, so the default "
                 "plan)", p0->dims[p0->ndims - 1] / 2 < 64 ? "Nx/2 < 64 has fewer than 8 columns "
                 "per row for 8 lanes" : p0->ndims > 1 ? "no simd row plan for Nx/2, or an outer "
                 "axis the column kernel cannot do (fewer than 8 columns side by side, or longer "
                 "than 4096)" : "no simd row plan for N/2");
}

static void plan(const struct fl_problem *p0, struct fl_plan *plan)
{
    static struct fl_simd_plan sp;
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    if (simd_plans(p0, &sp, ax)) { /* --variant simd (simd.c) */
        plan_simd(p0, plan, &sp, ax);
        return;
    }
    static struct pairs_plan pp;
    char why[256], how_x[320] = "", how_yz[320] = "";
    struct fl_problem rcopy, copy;
    const struct fl_problem *pr = resolve(p0, &rcopy);
    if (pairs_possible(pr) && pr->sign < 0) { /* --variant column_pairs (pairs.c) */
        if (make_pairs_plan(pr, &pp, why, sizeof why) != 0)
            fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
        plan_pairs(pr, plan, &pp);
        size_t used = strlen(plan->summary);
        if (pr != p0 && used < sizeof plan->summary)
            snprintf(plan->summary + used, sizeof plan->summary - used, " (simd: no simd row plan "
                     "for N/2, so the default plan)");
        return;
    }
    const struct fl_problem *p = fallback(p0, &copy);
    static struct fl_real_plan R;
    if (make_real_plan(p, &R, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    size_t elem = elem_bytes(p);
    int inverse = p->sign > 0, s = FL_BUF_A;
    int table = fl_real_twist_table(plan, R.nx);
    int separate = !fused_rows(p, &R) && !pass_pairs(p, &R, inverse ? 0 : last_x_pass(&R));
    if (separate) {
        /* common/fft/real_plan.c: R2C the rows (the exercise's: read conjugated), the
         * twist, the outer axes; C2R backwards */
        s = fl_real_launches(plan, &R, inverse, conj_packing(p), elem, FL_BUF_A, FL_BUF_B, table,
                             p->dev->max_wg, how_x, how_yz, sizeof how_x);
    } else {
        s = fused_launches(plan, p, &R, table, how_x, how_yz, sizeof how_x); /* fused.c */
    }
    plan->result = s;
    summarize(plan, p0, p, &R, separate, how_x, how_yz);
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
    const char *pad = getenv("FFTLAB_R2C_PAD");
    if (pad && strcmp(pad, "0") != 0 && strcmp(pad, "1") != 0) {
        snprintf(why, len, "FFTLAB_R2C_PAD='%s' must be 0 or 1 (the padded rows of 3-D)", pad);
        return -1;
    }
    static struct fl_simd_plan sp;
    if (simd_rows(p0, &sp))
        return 0; /* the simd plan needs none of the GPU planner's limits */
    /* an odd last axis is refused before this (common/capabilities.c) */
    static struct fl_real_plan R;
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

/* Passes whose group shape --shapes sets or --tune measures (common/fft/tune.h): the x axis's,
 * launch k being pass k, only where that holds in both directions: 1-D rows of several
 * passes, --variant fused, the twist inside the last pass for R2C and the first for C2R
 * (where a pass has an odd number of columns, or in the twist variant, the twist has a
 * launch of its own, first in C2R); and column_pairs's two (R2C only). 0 otherwise. */
static int shaped_passes(const struct fl_problem *p)
{
    static struct fl_real_plan R;
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

/* Padded rows (padded_rows): the fused rows' stride and the unpadded and padded widths. */
static size_t padded_options(const struct fl_real_plan *R, char *opts, size_t used, size_t len)
{
    if (R->pad == R->m + 1 || used >= len)
        return used;
    return used + (size_t)snprintf(opts + used, len - used, " -D RH_OS=%zu -D FL_UNPAD_W=%zu "
                                   "-D FL_UNPAD_PW=%zu", R->pad, R->m + 1, R->pad);
}

/* -D constants: the passes' (kernels/07_multidim.cl: A<a>_N ... for x, y, z; the two
 * layouts do different axes, so they share one program), the twist's RH_M and RH_PAIRS,
 * the paired passes' (fused.c) and the column pairs' (pairs.c); or the simd plan's. */
static void build_options(const struct fl_problem *p0, char *opts, size_t len)
{
    static struct fl_real_plan R;
    char why[256];
    opts[0] = '\0';
    if (simd_options(p0, opts, len))
        return;
    struct fl_problem copy, rcopy;
    const struct fl_problem *p = fallback(p0, &copy);
    if (make_real_plan(p, &R, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = fl_real_options(&R, opts, 0, len); /* the layouts', RH_M, RH_PAIRS */
    used = padded_options(&R, opts, used, len);
    used = fused_options(p, &R, opts, used, len);
    used = pairs_options(resolve(p0, &rcopy), opts, used, len);
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
}

int main(int argc, char **argv)
{
    /* 06_simd.cl and 09_simd.cl compile to nothing without -D FFT_SIMD (--variant simd) */
    static const char *const uses[] = {"06_passes.cl", "06_blocks_25_27.cl", "06_row_parts.cl",
                                       "06_column_parts.cl", "05_register_radix.cl",
                                       "06_mixed_radix.cl", "07_multidim.cl", "simd_cv.cl",
                                       "06_simd.cl", "07_simd.cl", "09_simd.cl",
                                       "09_fused_rows.cl", "09_paired_pass.cl",
                                       "09_column_pairs.cl", NULL};
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
