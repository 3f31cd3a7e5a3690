/* 06_mixed_radix: what the chapter's files share.
 *
 *   main.c    the variants, the Stockham plan and its -D constants, the three blocks
 *   simd.c    --variant simd, the passes shaped for a CPU's vector unit */
#ifndef FFTLAB_MIXED_RADIX_H
#define FFTLAB_MIXED_RADIX_H

#include "../../common/chapter.h"
#include "../../common/simd_plan.h"

/* --variant simd? */
int mr_is_simd(const struct fl_problem *p);

/* PLAN for --variant simd from SP (common/simd_plan.c): the launches and the summary. */
void mr_plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct fl_simd_plan *sp);

#endif
