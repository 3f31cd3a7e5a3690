/* 06_mixed_radix --variant simd: the plan for a CPU (lesson: "On a CPU: mixed radices as
 * SIMD lanes"). */
#include "mixed_radix.h"

#include <stdio.h>
#include <string.h>

/* kernels/06_simd.cl, planned by common/fft/simd_plan.c (the passes by a cost model, the -D
 * constants, the table and the launches; 07-09's simd variants use it too). N < 64, and
 * sizes with no plan that keeps the kernel's rules, take the default (stockham) plan,
 * and --explain says so. */
int mr_is_simd(const struct fl_problem *p)
{
    return strcmp(p->variant, "simd") == 0;
}

void mr_plan_simd(const struct fl_problem *p, struct fl_plan *plan,
                  const struct fl_simd_plan *sp)
{
    char passes[160];
    int table = fl_simd_table(plan, sp);
    int fused = fl_simd_fused(sp, p->batch, p->dev);
    plan->result = fl_simd_launches(plan, sp, p->batch, p->dev, table, FL_BUF_A, FL_BUF_B,
                                    p->sign > 0 ? 3 : 0, p->wg, passes, sizeof passes);
    size_t redo, visits; /* columns per row done twice by overlapping blocks; all */
    fl_simd_redo(sp, &redo, &visits);
    /* the summary is 512 bytes: the pass list is cut at 48 characters */
    snprintf(plan->summary, sizeof plan->summary,
             "N = %zu = %.48s (%d passes%s), simd: 8 neighbouring columns per work-item as "
             "%s8 vectors, a radix-Q column in registers (blocks 2..8, Q <= %zu). N/Q >= 8 "
             "in the first pass, p >= 8 after: lanes take 8 consecutive k (%zu of %zu column "
             "visits redone where 8 does not divide p). %s Table: %zu values.",
             p->n, passes, sp->npass, fused ? " in 1 launch" : "",
             p->precision == FL_DOUBLE ? "double" : "float", fl_simd_qmax(), redo, visits,
             fused ? "A work-item takes a row through all passes (N <= 2^18 and rows >= cores, "
                     "or N <= 4096), the row in its core's cache."
                   : "A launch per pass.", sp->reals / 2);
}
