/* 01_dft — the naive DFT: one work-item per output bin, O(N^2).
 *
 * What changed: this is the first chapter; it sets up everything later chapters reuse
 * through common/ (device choice, verification against FFTW, timing, reporting).
 * The idea in one sentence: evaluate the DFT sum directly, in parallel over output
 * bins, keeping the twiddle angle's index reduced mod N for accuracy.
 *
 * Build and run:
 *   make 01_dft
 *   ./build/01_dft --size 1000               # any N up to 65536
 *   ./build/01_dft --size 4096 --variant unreduced   # see the accuracy lesson fail
 *   ./build/01_dft --explain --size 8
 * Kernels: kernels/01_dft.cl. Lesson: chapters/01_dft/README.md. */
#include "../../common/chapter.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"reduced", "angle index j*k reduced mod N in integers (the chapter's kernel)", NULL, 0},
    {"unreduced", "angle from j*k in floating point: loses accuracy as N grows", NULL, 0},
    {"twiddle_table", "twiddles read from a table of the N roots of unity",
     "exercises/01_dft/twiddle_table.cl", 0},
    {"bin_per_group", "one work-group per bin, partial sums reduced in local memory (--wg)",
     "exercises/01_dft/bin_per_group.cl", 0},
    {"table_probe", "twiddle_table with the table's roots scrambled, then the bins put back: "
     "right only for a kernel that reads its twiddles from the table (graded)",
     "exercises/01_dft/twiddle_table.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_GROUP 64

static int check(const struct fl_problem *p, char *why, size_t len)
{
    if (strcmp(p->variant, "bin_per_group") != 0) {
        if (p->wg && p->n % p->wg != 0) {
            snprintf(why, len, "--wg %zu must divide N = %zu (each work-group takes a block of bins)",
                     p->wg, p->n);
            return -1;
        }
    } else if (p->wg && (p->wg & (p->wg - 1))) {
        snprintf(why, len, "--wg %zu must be a power of two for bin_per_group's tree reduction", p->wg);
        return -1;
    }
    size_t wg = p->wg ? p->wg : DEFAULT_GROUP;
    int uses_wg = p->wg || strcmp(p->variant, "bin_per_group") == 0;
    if (uses_wg && fl_check_group_size(p, wg, why, len) != 0)
        return -1;
    return 0;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    size_t elem = p->precision == FL_DOUBLE ? 16 : 8;
    plan->result = FL_BUF_B; /* out of place: A -> B */
    if (strcmp(p->variant, "bin_per_group") == 0) {
        size_t wg = p->wg ? p->wg : DEFAULT_GROUP;
        size_t global[2] = {p->n * wg, p->batch}, local[2] = {wg, 1};
        struct fl_launch *l = fl_plan_add(plan, "dft_group", 2, global, local);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_local(l, wg * elem);
        fl_arg_int(l, (int)p->n);
        fl_arg_int(l, p->sign);
        fl_launch_note(l, "one work-group of %zu per bin; each item sums every %zu-th input", wg, wg);
        snprintf(plan->summary, sizeof plan->summary, "N work-groups, one per output bin");
        return;
    }
    size_t global[2] = {p->n, p->batch}, local[2] = {p->wg, 1};
    int probe = strcmp(p->variant, "table_probe") == 0;
    if (probe || strcmp(p->variant, "twiddle_table") == 0) {
        /* w[m] = exp(sign * 2 pi i m q / N), m = 0..N-1, computed here in double; q = 1
         * but for the probe. */
        size_t q = probe ? fl_probe_q(p->n) : 1;
        double *w;
        int slot = fl_plan_table(plan, "roots", p->n, &w);
        for (size_t m = 0; m < p->n; m++) {
            double a = p->sign * 6.283185307179586 * (double)(m * q % p->n) / (double)p->n;
            w[2 * m] = cos(a);
            w[2 * m + 1] = sin(a);
        }
        struct fl_launch *l = fl_plan_add(plan, "dft_table", 2, global, p->wg ? local : NULL);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, slot);
        fl_arg_int(l, (int)p->n);
        fl_launch_note(l, "one item per bin; twiddle w[(j*k) mod N] from the table");
        snprintf(plan->summary, sizeof plan->summary, "one launch, one work-item per output bin");
        if (!probe)
            return;
        /* With the roots w^q a kernel that reads its twiddles from the table computes
         * t[k] = sum_j x[j] w^(q j k) = y[q k mod N]; one that computes its own gives y[k]
         * at k, which the scatter then puts in the wrong bins (common/fft/plan.h). */
        fl_plan_scatter_bins(plan, FL_BUF_B, FL_BUF_A, p->n, p->batch, q);
        plan->result = FL_BUF_A;
        snprintf(plan->summary, sizeof plan->summary, "the table's roots scrambled (q = %zu), "
                 "then the bins put back", q);
        return;
    }
    const char *kernel = strcmp(p->variant, "unreduced") == 0 ? "dft_unreduced" : "dft";
    struct fl_launch *l = fl_plan_add(plan, kernel, 2, global, p->wg ? local : NULL);
    fl_arg_buffer(l, FL_BUF_A);
    fl_arg_buffer(l, FL_BUF_B);
    fl_arg_int(l, (int)p->n);
    fl_arg_int(l, p->sign);
    fl_launch_note(l, "one item per bin, %zu x %zu = %zu complex multiply-adds", p->n, p->n, p->n * p->n);
    snprintf(plan->summary, sizeof plan->summary, "one launch, one work-item per output bin");
}

int main(int argc, char **argv)
{
    static const struct fl_chapter chapter = {
        .name = "01_dft",
        .title = "naive DFT, one work-item per output bin",
        .kernel_file = "01_dft.cl",
        .help = "Evaluates y[k] = sum_j x[j] exp(sign 2 pi i jk/N) directly: O(N^2) work, any N.",
        .demo_n = 4096,
        .demo_batch = 1,
        .bound = FL_BOUND_DFT,
        .variants = variants,
        .check = check,
        .plan = plan,
    };
    return fl_main(argc, argv, &chapter);
}
