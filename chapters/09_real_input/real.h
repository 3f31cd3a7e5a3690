/* 09_real_input: what the chapter's files share.
 *
 *   main.c   the idea: the rows of M = N/2 complex values by 06's passes, then the twist
 *            (rfft_post; C2R: irfft_pre, then the inverse rows); the variants, the checks
 *            and the build options
 *   plan.c   the real plan every variant starts from (make_real_plan: common/fft/
 *            real_plan.c's, with the variants' group sizes and padding), and the helpers
 *            the files share (elem_bytes, other)
 *   fused.c  --variant fused: the twist inside a row pass (the single pass, or the paired
 *            last pass of R2C / first pass of C2R when the rows take several)
 *   pairs.c  --variant column_pairs (the default): 1-D R2C as N = A x B, the twist's
 *            pairs inside the first pass's columns
 *   simd.c   --variant simd: for a CPU, 06's simd passes, the twist 8 pairs per item,
 *            07's column kernel for the outer axes
 * Calls go one way: main.c calls the others, fused.c, pairs.c and simd.c call plan.c, and
 * plan.c calls only common/. */
#ifndef FFTLAB_REAL_INPUT_H
#define FFTLAB_REAL_INPUT_H

#include "../../common/fft/axis_plan.h"
#include "../../common/fft/real_plan.h"
#include "../../common/chapter.h"
#include "../../common/fft/simd_cols.h"
#include "../../common/fft/simd_plan.h"

#define DEFAULT_WG 256  /* work-items per group the planner may use (as in 07)            */
#define PAIRED_WG 512   /* the x axis's, when its rows take several passes and the twist
                           rides in one of them (fused) or in column pairs: at 2^20 on the
                           H100 the Q = 512 pass gets 64 items of 8 values (NOTES.md)      */
#define SWEEP_VALUES 8  /* the most values per item the two-sweep paired pass may hold     */
#define PAIRS_B_MAX 512 /* column pairs' second pass: a group takes 8 of its columns (runs
                           of 8 bins in the stores) where local memory has 4096 values     */

/* The complex transforms of a real problem (struct fl_real_plan): the x axis as rows of
 * M = Nx/2 complex values, and the outer axes of the half spectrum, planned by
 * common/fft/real_plan.c, which chapter 11 shares. */

/* Flags of an outer axis's pass (kernels/07_multidim.cl) where the rows are padded: the
 * last pass of R2C stores the M + 1 layout, the first of C2R loads it. */
#define RH_UNPAD_OUT 64
#define RH_PAD_IN 128

/* Column pairs: the real rows of N = A x B points as two passes (pairs.c). */
struct pairs_plan {
    size_t n, a, b, rows;
    int lo_bits;
    struct fl_radix_plan first, last;
};

/* plan.c */
size_t elem_bytes(const struct fl_problem *p);
int other(int slot);
int make_real_plan(const struct fl_problem *p, struct fl_real_plan *R, char *why, size_t len);
int fused_rows(const struct fl_problem *p, const struct fl_real_plan *R);

/* fused.c */
int last_x_pass(const struct fl_real_plan *R);
int pass_pairs(const struct fl_problem *p, const struct fl_real_plan *R, int k);
int pair_sweeps(const struct fl_problem *p, const struct fl_real_plan *R, char *why, size_t len);
void add_fused(struct fl_plan *plan, const struct fl_problem *p, const struct fl_real_plan *R,
               int inverse, int src, int dst, int twist);
void make_paired(struct fl_launch *l, const struct fl_real_plan *R, int k, int inverse, int twist,
                 int sweeps, size_t elem);
size_t fused_options(const struct fl_problem *p, const struct fl_real_plan *R, char *opts,
                     size_t used, size_t len);
int fused_launches(struct fl_plan *plan, const struct fl_problem *p, const struct fl_real_plan *R,
                   int twist, char *how_x, char *how_yz, size_t len);

/* pairs.c */
int is_pairs(const struct fl_problem *p);
int make_pairs_plan(const struct fl_problem *p, struct pairs_plan *P, char *why, size_t len);
int pairs_possible(const struct fl_problem *p);
void plan_pairs(const struct fl_problem *p, struct fl_plan *plan, const struct pairs_plan *P);
size_t pairs_options(const struct fl_problem *p, char *opts, size_t used, size_t len);

/* simd.c */
int simd_plans(const struct fl_problem *p, struct fl_simd_plan *sp, struct fl_simd_axis *ax);
int simd_rows(const struct fl_problem *p, struct fl_simd_plan *sp);
void plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct fl_simd_plan *sp,
               const struct fl_simd_axis *ax);
int simd_options(const struct fl_problem *p, char *opts, size_t len);

#endif
