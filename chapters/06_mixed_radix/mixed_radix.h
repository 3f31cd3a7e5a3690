/* 06_mixed_radix: what the chapter's files share.
 *
 *   main.c    the variants, the Stockham launches and their -D constants, the three blocks
 *   plan.c    the limits the Stockham plan is made with, its default group sizes, and
 *             what main.c shares with it (the variants' radices, element and group sizes)
 * main.c calls plan.c and simd.c; they never call main.c.
 *   simd.c    --variant simd, the passes shaped for a CPU's vector unit */
#ifndef FFTLAB_MIXED_RADIX_H
#define FFTLAB_MIXED_RADIX_H

#include "../../common/chapter.h"
#include "../../common/fft/radix_plan.h"
#include "../../common/fft/simd_plan.h"

/* The Stockham plan of problem P (plan.c), or -1 with WHY. */
int mr_make_plan(const struct fl_problem *p, struct fl_radix_plan *rp, char *why, size_t len);

/* --variant three_blocks or digit_reverse (plan.c)? */
int mr_is_blocks(const struct fl_problem *p);

/* The radices P's Stockham variant plans with (NULL: the planner's defaults; plan.c). */
const unsigned *mr_variant_radices(const struct fl_problem *p);

/* ... and those P's plan is made with (plan.c): the variant's, or with the blocks of 25
 * and 27 where the rule for them says so. */
const unsigned *mr_radices(const struct fl_problem *p);

/* N = 2^a in two passes takes the longer first, the last of at least this many points
 * (plan.c, the limits' long_first; README "The longer pass first"). */
#define MR_LONG_FIRST_MIN_LAST 256

/* 1 when RP, P's Stockham plan, is two passes of N = 2^a with the longer first by that
 * rule (plan.c). */
int mr_long_first(const struct fl_problem *p, const struct fl_radix_plan *rp);

/* Bytes of one complex value in P's precision (plan.c). */
size_t mr_elem_bytes(const struct fl_problem *p);

/* --wg, or else DFLT, at most the device's largest group (plan.c). */
size_t mr_group_items(const struct fl_problem *p, size_t dflt);

/* --variant simd? */
int mr_is_simd(const struct fl_problem *p);

/* PLAN for --variant simd from SP (common/fft/simd_plan.c): the launches and the summary. */
void mr_plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct fl_simd_plan *sp);

#endif
