/* 02_radix2 — radix-2 FFT in global memory: one launch per pass, log2 N passes.
 *
 * What changed since 01_dft: instead of one O(N^2) launch, log2 N launches of N/2
 * independent butterflies each, ping-ponging between two buffers (Stockham autosort,
 * so no bit-reversal pass). Work drops to O(N log N); every pass reads and writes all
 * the data once, so the cost is log2 N trips through memory.
 *
 * Build and run:
 *   make 02_radix2
 *   ./build/02_radix2 --size 2^20             # powers of two up to 2^28
 *   ./build/02_radix2 --size 16 --explain     # print the launch sequence
 *   ./build/02_radix2 --size 1024 --batch 64 --inverse
 * Kernels: kernels/02_radix2.cl. Lesson: chapters/02_radix2/README.md. */
#include "../../common/chapter.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"stockham", "decimation in time, twiddle from sincos (the chapter's kernel)", NULL, 0},
    {"twiddle_table", "twiddles read from a table of N/2 roots of unity",
     "exercises/02_radix2/twiddle_table.cl", 0},
    {"dif", "decimation in frequency: twiddle after the butterfly",
     "exercises/02_radix2/dif.cl", 0},
    {"table_probe", "twiddle_table with the table's roots scrambled, then the bins put back: "
     "right only for passes that read their twiddles from the table (graded)",
     "exercises/02_radix2/twiddle_table.cl", 0},
    {NULL, NULL, NULL, 0},
};

static int check(const struct fl_problem *p, char *why, size_t len)
{
    if (!p->wg)
        return 0;
    size_t half = p->n / 2;
    if (p->n < 2 || half % p->wg != 0) {
        snprintf(why, len, "--wg %zu must divide N/2 = %zu (the work-items of one pass)", p->wg, half);
        return -1;
    }
    if (fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    return 0;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    int probe = strcmp(p->variant, "table_probe") == 0;
    int table = probe || strcmp(p->variant, "twiddle_table") == 0;
    size_t q = probe ? fl_probe_q(p->n) : 1;
    int dif = strcmp(p->variant, "dif") == 0;
    const char *kernel = table ? "fft_radix2_table" : dif ? "fft_radix2_dif" : "fft_radix2";
    size_t global[2] = {p->n / 2, p->batch}, local[2] = {p->wg, 1};
    int slot = 0;
    if (table) {
        /* w[m] = exp(sign * 2 pi i m q / N), m = 0 .. N/2-1; pass p uses w[k * N/(2p)].
         * q = 1 but for the probe, whose q is odd: (w^q)^(N/2) is still the butterfly's -1. */
        double *w;
        slot = fl_plan_table(plan, "twiddles", p->n / 2 ? p->n / 2 : 1, &w);
        for (size_t m = 0; m < p->n / 2; m++) {
            double a = p->sign * 6.283185307179586 * (double)(m * q % p->n) / (double)p->n;
            w[2 * m] = cos(a);
            w[2 * m + 1] = sin(a);
        }
    }
    int src = FL_BUF_A, dst = FL_BUF_B;
    for (size_t span = 1; span < p->n; span <<= 1) {
        struct fl_launch *l = fl_plan_add(plan, kernel, 2, global, p->wg ? local : NULL);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        if (table)
            fl_arg_buffer(l, slot);
        fl_arg_int(l, (int)span);
        if (!table)
            fl_arg_int(l, p->sign);
        fl_launch_note(l, "p=%zu: %zu butterflies, sub-DFTs of %zu -> %zu", span, p->n / 2,
                       span, 2 * span);
        int t = src;
        src = dst;
        dst = t;
    }
    plan->result = src; /* the last pass wrote here (A itself when N = 1: no pass) */
    snprintf(plan->summary, sizeof plan->summary, "log2 N = %d passes p = 1, 2, ..., N/2, "
             "ping-ponging A and B", fl_log2(p->n));
    if (probe) {
        /* The passes computed y[q k mod N] at k (common/fft/plan.h): put the bins back. */
        fl_plan_scatter_bins(plan, src, src == FL_BUF_A ? FL_BUF_B : FL_BUF_A, p->n, p->batch, q);
        plan->result = src == FL_BUF_A ? FL_BUF_B : FL_BUF_A;
        snprintf(plan->summary, sizeof plan->summary, "log2 N = %d passes with the table's "
                 "roots scrambled (q = %zu), then the bins put back", fl_log2(p->n), q);
    }
}

int main(int argc, char **argv)
{
    static const struct fl_chapter chapter = {
        .name = "02_radix2",
        .title = "radix-2 Stockham FFT, one launch per pass",
        .kernel_file = "02_radix2.cl",
        .help = "Radix-2 FFT, out of place, ping-pong buffers, log2 N launches; N a power of two.",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
    };
    return fl_main(argc, argv, &chapter);
}
