/* The CPU ("simd") plan of a batch of rows: chapter 06's --variant simd, shared by the
 * chapters that build on 06 (07's rows, 08's convolution, 09's half-length rows).
 *
 * kernels/06_simd.cl does chapter 05's CPU shape for mixed radices (05's README, "On a
 * CPU: the SIMD register as the warp"): a work-item does FL_SIMD_VL = 8 neighbouring
 * columns of a pass as planar vectors, a whole radix-Q column in registers (Q = Q1*Q2*Q3 of
 * the blocks 2, 3, 4, 5, 7, 8), no local memory. The kernel's rules: the first pass has
 * >= 8 columns per row (N/Q_0 >= 8) and every later pass has p >= 8, so the 8 lanes take
 * 8 consecutive k = t mod p (when 8 does not divide p, the last block of k is shifted
 * back and overlaps; those lanes redo columns). So N >= 64; a length with no such plan
 * has none here (fl_simd_make returns 0), and the chapter takes its default plan.
 *
 * The kernels are specialized on one row length (-D SV_N ...): one simd plan per
 * program. This file does the arithmetic (the passes, by a cost model), the -D
 * constants, the twiddle table and the launches; the chapters say what it means. */
#ifndef FFTLAB_SIMD_PLAN_H
#define FFTLAB_SIMD_PLAN_H

#include "../device.h"
#include "plan.h"

#include <stddef.h>

#define FL_SIMD_VL 8           /* lanes: float8 is one ymm register, double8 one zmm      */
#define FL_SIMD_QMAX 64        /* largest Q of a pass (FFTLAB_SIMD_QMAX, 8 .. 64): beyond 16
                                  values (32 vectors, AVX-512's 32 registers) a column
                                  spills; the cost model weighs that against fewer passes */
#define FL_SIMD_FUSED_MAX 262144 /* rows up to this many points take all their passes in
                                  one kernel, a work-item per row, the row in the core's L2 */
#define FL_SIMD_GROUP 16       /* work-items per group of fft_simd_p<k>                   */
#define FL_SIMD_MAX_PASSES 7   /* the -D list fits the harness's 1024-byte option buffer  */

struct fl_simd_pass {
    size_t q, p;          /* radix and span                                            */
    unsigned blk[3];      /* Q = blk[0] * blk[1] * blk[2] (1 when unused)              */
    size_t base, nfac;    /* digit base of the pass twiddles, factors per k             */
    size_t tw, in;        /* offsets (reals) of its pass factors and of its w_Q table    */
};

struct fl_simd_plan {
    size_t n;             /* the row length                                            */
    int npass;
    struct fl_simd_pass pass[FL_SIMD_MAX_PASSES];
    size_t reals;         /* table size, in reals                                        */
    double cost;
};

/* FFTLAB_SIMD_QMAX (8 .. 64; FL_SIMD_QMAX when unset), for experiments; 0 when malformed
 * (the chapter's check() says so). */
size_t fl_simd_qmax(void);

/* The simd plan of rows of N: the passes (the cheapest by the cost model, or the Q's of
 * FFTLAB_SIMD_PLAN=40x25 when they multiply to N and keep the rules), digit bases and
 * table offsets. Returns the number of passes; 0 when N has none (N < 64, N > 2^26, or no
 * first Q with 8 <= Q <= qmax and N/Q >= 8). */
int fl_simd_make(size_t n, struct fl_simd_plan *sp);

/* Append " -D FFT_SIMD=1 -D SV_N=... -D SV<k>_Q=..." (kernels/06_simd.cl) to OPTS at
 * USED; returns the new length. */
size_t fl_simd_options(const struct fl_simd_plan *sp, char *opts, size_t used, size_t len);

/* The plan's table ("simd_twiddles": w_Q^m per pass, then its pass factors), in double. */
int fl_simd_table(struct fl_plan *plan, const struct fl_simd_plan *sp);

/* Does one launch take every row through all passes (fft_simd_rows: N <= 2^18 and at
 * least a row per compute unit, or N <= 4096)? */
int fl_simd_fused(const struct fl_simd_plan *sp, size_t rows, const struct fl_device *dev);

/* Append the launches for ROWS rows of the plan's N, from buffer SRC, DST the other one;
 * TABLE from fl_simd_table; FLAGS bit 1: conjugate what the first pass reads, bit 2: what
 * the last writes (an inverse is both); WG the items per group of the per-pass kernels
 * (0: FL_SIMD_GROUP). PASSES gets "40 x 25" (for the chapter's summary). Returns the
 * buffer that holds the result. */
int fl_simd_launches(struct fl_plan *plan, const struct fl_simd_plan *sp, size_t rows,
                     const struct fl_device *dev, int table, int src, int dst, int flags,
                     size_t wg, char *passes, size_t len);

/* Column visits per row that overlapping blocks redo (8 not dividing p), and all visits. */
void fl_simd_redo(const struct fl_simd_plan *sp, size_t *redo, size_t *visits);

/* Helpers shared with common/fft/simd_cols.c (07's column lanes, which plan their own passes):
 * Q as at most 3 blocks from {8, 4, 2, 3, 5, 7} into BLK (unused ones 1), returning how
 * many, 0 when Q needs more; and, once SP's passes (q, p, blk) are set, their digit bases,
 * table offsets, SP->reals and SP->n = N (what fl_simd_make does after its search). */
int fl_simd_blocks(size_t q, unsigned *blk);
void fl_simd_offsets(struct fl_simd_plan *sp, size_t n);

/* A forced plan, "40x25" (FFTLAB_SIMD_PLAN, FFTLAB_SIMD_COLS_PLAN): these Q's in this
 * order into CUR's passes (q, p, blk), when they multiply to N, each is 2..64 of at most 3
 * blocks and, for ROWS, the first keeps 06's lane rules (Q >= 8, N/Q >= 8). Returns 1
 * then; 0 (CUR with no passes) for an unset, empty or unusable FORCE. */
int fl_simd_forced(const char *force, size_t n, int rows, struct fl_simd_plan *cur);

/* The cost model's shared part: the blocks of Q (BLK) and the split's own twiddles, per
 * point. A pass's cost function adds its loads, twiddles and spills to it. */
double fl_simd_block_cost(size_t q, const unsigned *blk);

/* Depth-first over the ordered choices of Q (2 .. QMAX, at most 3 blocks) that multiply
 * REST, from span P, the cheapest plan by COST_FN kept in BEST (set BEST->cost high first);
 * ROWS: 06's lane rules for the first pass (Q >= 8, N/Q >= 8). CUR is the scratch plan. */
typedef double (*fl_simd_cost_fn)(size_t n, size_t q, size_t p, const unsigned *blk);
void fl_simd_search(size_t n, size_t rest, size_t p, size_t qmax, int rows, fl_simd_cost_fn cost_fn,
                    struct fl_simd_plan *cur, double cost, struct fl_simd_plan *best);

#endif
