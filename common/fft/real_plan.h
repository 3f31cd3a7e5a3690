/* Real transforms as plans (chapter 09's method, shared with chapter 11's real
 * convolutions): R2C of rows of Nx reals as the M = Nx/2-point complex FFT of the row read
 * as M complex values, then the twist (kernels/09_real_input.cl's rfft_post) into the half
 * spectrum of M + 1 bins; the outer axes (2-D, 3-D) by 07's column passes on that half
 * spectrum. C2R runs it backwards (irfft_pre between the outer axes and the rows), not
 * divided by N. Chapter 09's variants (fused twists, column pairs, simd) build on the same
 * layouts; this file is the plain form, the twist a launch of its own.
 *
 * The program must hold kernels/09_real_input.cl (-D RH_M=M -D RH_PAIRS=M/2+1) and 07's
 * passes with the layouts' -D constants (fl_layout_options of x and yz: they do different
 * axes, so they share one program). */
#ifndef FFTLAB_REAL_PLAN_H
#define FFTLAB_REAL_PLAN_H

#include "axis_plan.h"

#define FL_TWIST_WG 256 /* the twist's group size (any size works) */

/* The complex transforms of a real problem: the x axis as rows of M = Nx/2 complex values
 * (shape (..., M)), and the outer axes of the half spectrum (shape (..., PAD)). */
struct fl_real_plan {
    struct fl_layout x, yz;
    int ndims;                  /* the real arrays' axes: 2 or 3 have outer axes (yz)  */
    size_t nx, m, rows;         /* Nx, M = Nx/2, rows = batch x the outer axes' points */
    size_t pad;                 /* the half spectrum's rows between passes: M + 1 values,
                                   or more (09's padded 3-D rows)                       */
};

/* Plan BATCH real arrays of shape DIMS (NDIMS axes, the last even): x with XLIM (its
 * passes' limits), the outer axes with LIM on rows of PAD values (0: M + 1). Returns 0, or
 * -1 with WHY (a length the planner cannot do). */
int fl_real_plan_make(int ndims, const size_t *dims, size_t batch,
                      const struct fl_radix_limits *xlim, const struct fl_radix_limits *lim,
                      size_t pad, struct fl_real_plan *R, char *why, size_t len);

/* -D constants of R's plans: the layouts', RH_M and RH_PAIRS. Returns the new length. */
size_t fl_real_options(const struct fl_real_plan *R, char *opts, size_t used, size_t len);

/* The twist's table "twist_w", w_N^k = exp(-2 pi i k / N) for k = 0 .. M/2, N = NX; its
 * slot. */
int fl_real_twist_table(struct fl_plan *plan, size_t nx);

/* Append the twist (rfft_post: Z in slot S, rows of M -> X, rows of M + 1, into the other
 * of FL_BUF_A/B or of the pair S, DST) or, INVERSE, its inverse (irfft_pre: X -> Z), with
 * table TWIST, groups of at most MAX_WG items. Returns DST. */
int fl_real_add_twist(struct fl_plan *plan, const struct fl_real_plan *R, int inverse, int s,
                      int dst, int twist, size_t max_wg);

/* The whole plain R2C (INVERSE = 0) or C2R of R: the rows, the twist, the outer axes (C2R:
 * in reverse, each pass conjugating in and out), ping-ponging between slots SRC and DST,
 * ELEM bytes per complex value, the twist's table TWIST; FIRST_FLAGS are added to R2C's
 * first pass (PASS_CONJ_IN: 09's exercise reads the rows conjugated); HOW_X and HOW_YZ
 * (may be NULL) get --explain's lines. Returns the slot holding the result. */
int fl_real_launches(struct fl_plan *plan, const struct fl_real_plan *R, int inverse,
                     int first_flags, size_t elem,
                     int src, int dst, int twist, size_t max_wg, char *how_x, char *how_yz,
                     size_t how_len);

#endif
