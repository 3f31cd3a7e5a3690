/* 08_bluestein: what the chapter's host files share.
 *
 *   main.c    the idea: the chirp and Bh = FFT_M(b)/M tables, and the three plans of the
 *             convolution (plain, fused_passes, fused)
 *   length.c  the choice of M (the planner's, or a larger one for --variant simd), the
 *             shape of the plan (setup), the checks, the -D options, the words for --explain
 *   plan.c    launches: one pass of the M-point plan, a 2-D multiply, --variant simd's plan;
 *             the element and group sizes
 *   rader.c   Rader's way for a prime N whose N - 1 is 7-smooth: the check, the tables, the plan
 * Calls go one way: main.c > length.c > rader.c > plan.c. */
#ifndef FFTLAB_BLUESTEIN_H
#define FFTLAB_BLUESTEIN_H

#include "../../common/chapter.h"
#include "../../common/limits.h"
#include "../../common/fft/axis_plan.h"
#include "../../common/fft/simd_plan.h"
#include "length_search.h"

#include <stddef.h>

#define DEFAULT_WG 256       /* work-items per group the planner may use               */
#define ONE_ROW_ITEMS 64     /* fused: a group takes one row when a row has this many   */
#define MIDDLE_ITEMS 128     /* fused, M in two passes: the middle launch's group        */
#define FIRST_ITEMS 128      /* ... and the first launch's (bs_forward_first)            */
#define MAX_ELEMS FL_MAX_VALUES /* M x batch too: the work buffers are indexed alike    */
#define SIMD_ITEMS_PER_CU 8  /* simd: bs_simd_rows's work-items per compute unit (NOTES.md,
                                "simd: scratch rows in the cache") */

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
    int rader;               /* rader_fused: N prime, m = L = N - 1 (rader.c)           */
    size_t g;                /* ... a generator of the residues mod N                   */
    size_t m_bluestein;      /* ... and the M Bluestein would take                      */
    int m_bluestein_passes;  /* ... in this many passes (more than 1)                   */
    int first_own;           /* bs_forward_first in its own shape, first (-D BS_FIRST)   */
    struct fl_radix_pass first;
};

/* ---------------------------------------------------------------- length.c */
/* M and the plan's shape for P; -1 with WHY when it cannot be done */
int bs_setup(const struct fl_problem *p, struct setup *s, char *why, size_t len);
int bs_check(const struct fl_problem *p, char *why, size_t len);
void bs_build_options(const struct fl_problem *p, char *opts, size_t len);
/* "1009 (prime)", "1000 (7-smooth: ...)", "2049 (the factor 683 ...)" */
void bs_describe_n(size_t n, char *buf, size_t len);
/* why this M, against the smallest 7-smooth M >= 2N - 1 */
void bs_why_m(const struct fl_problem *p, const struct setup *s, char *buf, size_t len);

/* ---------------------------------------------------------------- rader.c */
/* 1 when N is a prime (trial division: N <= 2^24) */
int bs_is_prime(size_t n);
/* Rader's way (--variant fused only): N prime, N - 1 7-smooth and one group's FFT, where
 * Bluestein's M takes more than one pass; sets
 * s->rader, s->g and s->m = N - 1 and returns 1, else 0 and S unchanged */
int bs_rader_setup(const struct fl_problem *p, struct setup *s);
/* its plan: the tables and rader_fused; NDESC as bs_describe_n */
void bs_plan_rader(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                   const char *ndesc);

/* ---------------------------------------------------------------- plan.c */
/* bytes of one complex value in P's precision */
size_t bs_elem_bytes(const struct fl_problem *p);
/* --wg, or else DEFAULT_WG, at most the device's largest group */
size_t bs_group_items(const struct fl_problem *p);
/* --variant simd: the rows of M each scratch buffer holds; ITEMS: bs_simd_rows's items */
size_t bs_simd_scratch_rows(const struct fl_problem *p, const struct setup *s, size_t *items);
/* the shape of pass K of the M-point plan as KERNEL runs it: BS_FIRST's for
 * bs_forward_first where it has its own (s->first_own), else the plan's */
const struct fl_radix_pass *bs_pass_shape(const struct setup *s, int k, const char *kernel);
/* pass K of the M-point plan as a launch of KERNEL from SRC to DST */
struct fl_launch *bs_add_pass(struct fl_plan *plan, const struct setup *s, int k, const char *kernel,
                              int src, int dst, size_t elem);
/* a 2-D launch over (COUNT rounded up to G, batch): plain's multiplies */
struct fl_launch *bs_add_rows(struct fl_plan *plan, const char *kernel, size_t count, size_t batch,
                              size_t g);
/* --variant simd's plan, with the tables CH (chirp) and BHAT plan() made */
void bs_plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s, int ch,
                  int bhat, const char *ndesc);

#endif
