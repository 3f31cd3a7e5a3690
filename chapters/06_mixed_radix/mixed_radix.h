/* 06_mixed_radix: what the chapter's files share.
 *
 *   main.c    the variants, the Stockham launches and their -D constants, the three blocks
 *   plan.c    the limits the Stockham plan is made with, its default group sizes, and
 *             what main.c shares with it (the variants' radices, element and group sizes)
 * main.c calls plan.c, simd.c and pass_kernel.c; they never call main.c.
 *   simd.c    --variant simd, the passes shaped for a CPU's vector unit
 *   pass_kernel.c  --pass-kernel FILE (--variant own_pass and its probes): a learner's own
 *             Stockham pass, one launch per radix */
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

/* --variant own_pass and own_pass_once (pass_kernel.c): a learner's own Stockham pass,
 * one launch per radix; the kernel side is kernels/06_own_pass.cl. */
int mr_is_own_pass(const struct fl_problem *p);
/* Which N it takes (2^a 3^b 5^c up to 2^20, no --wg): 0, or -1 with WHY. */
int mr_own_pass_check(const struct fl_problem *p, char *why, size_t len);
/* The chapter's kernel files (USES, then FILE), whose function names the file may not use. */
void mr_own_pass_files(const char *const *uses, const char *file);
/* Before the build: the file's text judged by the contract's rules, exit 2 on a broken one. */
void mr_own_pass_options(const struct fl_problem *p);
/* The launches: own_pass per stage (and the probe's counting kernels). */
void mr_plan_own_pass(const struct fl_problem *p, struct fl_plan *plan);
/* ARGV with --pass-kernel FILE as --variant own_pass --exercise FILE (a static array), and
 * *ARGC its length; ARGV itself when it has no --pass-kernel. */
char **mr_pass_kernel_args(int *argc, char **argv);

#endif
