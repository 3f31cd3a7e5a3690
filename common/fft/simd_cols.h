/* The CPU ("simd") plan of a multi-dimensional array: chapter 07's --variant simd, and
 * the batch-lane column kernel (kernels/07_simd.cl) that it adds to 06's simd rows.
 *
 * Rows (the contiguous axis x) are 06's simd rows (common/fft/simd_plan.h) when Nx has such
 * a plan. Columns (y, z: values Nx or Ny*Nx apart) are done by fft_simd_cols_<a>: a
 * work-item takes 8 neighbouring columns, one per SIMD lane, and runs their whole FFT
 * itself, every complex value of the column one planar vector. Lanes never exchange
 * values, so the passes have none of 06's lane rules: any factorization of N into
 * blocks 2..8 (Q <= FFTLAB_SIMD_QMAX) will do, and the cost model below picks one. Rows
 * too short for 06 (Nx < 64, or no plan) take the same kernel with 8 ROWS as the lanes
 * (fft_simd_rows8_x); an axis neither can do takes chapter 07's default passes
 * (common/fft/axis_plan.h), and fl_simd_axes says why. Many small arrays (<= 2 MiB, >= 2 per
 * core) take every axis in one launch instead, a work-item per array (fft_simd_array).
 *
 * The kernels are specialized per axis (-D SC<a>_...), so y and z may differ in one
 * program; x uses 06's SV_ constants or SCx_. This file does the arithmetic: which way
 * each axis goes, the passes, the -D constants, the tables and the launches. */
#ifndef FFTLAB_SIMD_COLS_H
#define FFTLAB_SIMD_COLS_H

#include "../device.h"
#include "../options.h"
#include "plan.h"
#include "simd_plan.h"

#include <stddef.h>

#define FL_SIMD_COLS_MAX 4096    /* longest axis of the batch-lane kernel: a work-item keeps
                                    up to 2N values of 64 (fp32) or 128 bytes on its stack */
#define FL_SIMD_COLS_GROUP 64    /* most work-items per group of the batch-lane kernels   */
#define FL_SIMD_COLS_STACK 1048576 /* most bytes of private arrays per group: pocl's thread
                                    keeps every item's on its stack (1125-point columns in
                                    groups of 64, 9 MiB, crashed; 16, 2.3 MiB, ran)         */

enum fl_simd_way {
    FL_SIMD_NONE,      /* length 1: nothing to do                                         */
    FL_SIMD_ROWS,      /* x by 06's simd rows (fl_simd_launches)                          */
    FL_SIMD_ROWS8,     /* x by fft_simd_rows8_x: 8 short rows per work-item as lanes       */
    FL_SIMD_COLS,      /* y or z by fft_simd_cols_<a>: 8 neighbouring columns as lanes     */
    FL_SIMD_DEFAULT    /* the default plan's passes for this axis (common/fft/axis_plan.h)     */
};

struct fl_simd_axis {
    char name;                /* 'x', 'y', 'z'                                             */
    enum fl_simd_way way;
    size_t n;                 /* its length                                                */
    size_t stride;            /* elements between its neighbours (1 for x)                 */
    size_t lines;             /* x: rows (batch x the other axes' points); y, z: the
                                 outer lines (batch x the axes outside this one)           */
    struct fl_simd_plan sp;   /* the passes (ROWS: 06's; ROWS8, COLS: fl_simd_cols_make)   */
    char why[160];            /* one sentence for --explain: why this way                  */
};

/* Passes for a transform of N points whose every value is a vector of 8 independent
 * lanes: any N from 2 to FL_SIMD_COLS_MAX that is 2^a 3^b 5^c 7^d, Q <= fl_simd_qmax(),
 * by a cost model (or the Q's of FFTLAB_SIMD_COLS_PLAN=32x32 when they multiply to N).
 * Returns the number of passes; 0 when there is none. */
int fl_simd_cols_make(size_t n, struct fl_simd_plan *sp);

/* Decide each axis of a batch of NDIMS-dimensional arrays (DIMS outermost first); AX
 * gets one entry per axis, x first. Returns the number of axes. */
int fl_simd_axes(int ndims, const size_t *dims, size_t batch, struct fl_simd_axis *ax);

/* Append the -D constants of one ROWS8 or COLS axis to OPTS at USED ("-D FFT_SIMD=1
 * -D FFT_SIMD_COLS=1" the first time, then SC<a>_N, _S, _NP and SC<a>_P<k> =
 * Q,P,A,B,C,BASE,TW,IN); returns the new length. */
size_t fl_simd_cols_options(const struct fl_simd_axis *a, char *opts, size_t used, size_t len);

/* Append a ROWS8 or COLS axis's table ("simd_cols_<a>") and its one launch to PLAN, from
 * slot SRC to DST; ELEM bytes per complex value (8, 16); FLAGS bit 1 conjugates what it
 * reads, bit 2 what it writes; WG the items per group (0: up to FL_SIMD_COLS_GROUP,
 * several groups per compute unit, their private arrays within FL_SIMD_COLS_STACK). PASSES
 * gets "32 x 32". Returns DST (the slot holding the result). */
int fl_simd_cols_launch(struct fl_plan *plan, const struct fl_simd_axis *a,
                        const struct fl_device *dev, size_t elem, int src, int dst, int flags,
                        size_t wg, char *passes, size_t len);

/* Small arrays, many of them: fft_simd_array takes a whole array per work-item through
 * every axis, the array in the core's caches between axes. Does problem (AX, NA axes, arrays
 * of POINTS values of ELEM bytes, BATCH of them) qualify? Every axis simd (none takes the
 * default passes), at least two with work, POINTS * ELEM <= FL_SIMD_ARRAY_MAX, at least
 * 8 rows per array for ROWS8, BATCH >= 2 per compute unit; FFTLAB_SIMD_ARRAY=0 says no
 * (for comparisons). */
#define FL_SIMD_ARRAY_MAX 2097152   /* bytes: this CPU's L2 per core; 64^3 fp32 x 4 took
                                       2.7 ms as one launch, 3.3 as three (under load) */
int fl_simd_array_fits(const struct fl_simd_axis *ax, int na, size_t points, size_t elem,
                       size_t batch, const struct fl_device *dev);

/* Append " -D SCA_POINTS=... -D SCA_X=0|1|2" (after the axes' own constants). */
size_t fl_simd_array_options(const struct fl_simd_axis *ax, int na, size_t points, char *opts,
                             size_t used, size_t len);

/* Append the axes' tables and the one fft_simd_array launch (BATCH work-items), from SRC
 * with DST the other buffer; CONJ: an inverse (the first axis conjugates what it reads,
 * the last what it writes). Returns the slot holding the result. */
int fl_simd_array_launch(struct fl_plan *plan, const struct fl_simd_axis *ax, int na,
                         size_t points, size_t batch, int src, int dst, int conj);

#endif
