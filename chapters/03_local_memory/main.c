/* 03_local_memory — one work-group per radix-R butterfly, computed in local memory.
 *
 * What changed since 02_radix2: a launch now does log2 R radix-2 stages instead of one.
 * A work-group of r = R/2 work-items loads R values into local memory, runs the stages
 * there with barriers between them, and writes R results, so an N-point FFT needs
 * about log2 N / log2 R trips through global memory instead of log2 N. Passes that do
 * not fill a whole group are chapter 02's radix-2 kernel, reused as is.
 * What did not change (on purpose): the global reads and writes are strided, as in the
 * seed kernel; the lesson measures what that costs, and chapter 04 fixes it.
 *
 * Build and run:
 *   make 03_local_memory
 *   ./build/03_local_memory --size 2^20 --wg 256      # R = 512: 2 radix-2 + 2 local passes
 *   ./build/03_local_memory --size 1024 --wg 512 --explain   # one launch does it all
 * Kernels: kernels/03_local_memory.cl (+ kernels/02_radix2.cl). Lesson: README.md here. */
#include "../../common/chapter.h"

#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"strided", "one work-group per butterfly, strided global access (the chapter's kernel)", NULL, 0},
    {"missing_barrier", "the chapter's pass, its local DFT in time order, with the barriers left "
     "to you (fft_local_sync)",
     "exercises/03_local_memory/missing_barrier.cl", 0},
    {"four_per_item", "four values per work-item: R = 4 x wg (fft_local4)",
     "exercises/03_local_memory/four_per_item.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256

/* The work-group size this run uses: --wg, else the default shrunk to fit N, the
 * device's work-group limit and its local memory. */
static size_t group_size(const struct fl_problem *p)
{
    size_t elem = p->precision == FL_DOUBLE ? 16 : 8;
    if (p->wg)
        return p->wg;
    size_t wg = DEFAULT_WG;
    while (wg > 1 && (2 * wg > p->n || wg > p->dev->max_wg || 3 * wg * elem > p->dev->local_mem))
        wg >>= 1;
    return wg;
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    size_t elem = p->precision == FL_DOUBLE ? 16 : 8;
    size_t wg = p->wg;
    if (!wg)
        return 0;
    if (wg & (wg - 1)) {
        snprintf(why, len, "--wg %zu must be a power of two (a group does a radix-%zu DFT by "
                 "radix-2 stages)", wg, 2 * wg);
        return -1;
    }
    if (fl_check_group_size(p, wg, why, len) != 0)
        return -1;
    if (3 * wg * elem > p->dev->local_mem) {
        snprintf(why, len, "--wg %zu needs %zu bytes of local memory (3 x wg values), more than "
                 "the %llu bytes of %s", wg, 3 * wg * elem, (unsigned long long)p->dev->local_mem,
                 p->dev->name);
        return -1;
    }
    if (2 * wg > p->n) {
        snprintf(why, len, "--wg %zu needs N >= %zu (a group holds 2 x wg values); N is %zu: "
                 "use --wg %zu or less", wg, 2 * wg, p->n, p->n / 2 ? p->n / 2 : 1);
        return -1;
    }
    return 0;
}

static void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    size_t elem = p->precision == FL_DOUBLE ? 16 : 8;
    int src = FL_BUF_A, dst = FL_BUF_B;
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    /* four_per_item: R = 4 x wg, with 6 x wg values of local memory; a smaller group
     * when N or the device's local memory is too small for it (check() sized --wg for
     * R = 2 x wg). When N < 4 no local pass fits: the radix-2 passes do it all. */
    int four = strcmp(p->variant, "four_per_item") == 0;
    const char *kernel = four ? "fft_local4"
                       : strcmp(p->variant, "missing_barrier") == 0 ? "fft_local_sync" : "fft_local";
    size_t wg = group_size(p), per_item = four ? 4 : 2, asked = wg;
    if (four)
        while (wg > 1 && (4 * wg > p->n || 6 * wg * elem > p->dev->local_mem))
            wg >>= 1;
    size_t R = per_item * wg;
    int log2n = fl_log2(p->n), log2R = fl_log2(R);
    if (R > p->n)   /* only N = 2 with four_per_item */
        log2R = log2n + 1;
    int radix2_passes = log2n % log2R, local_passes = log2n / log2R;
    size_t global[2] = {p->n / 2, p->batch}, local[2] = {wg, 1};
    size_t local_global[2] = {p->n / per_item, p->batch};

    size_t span = 1;
    for (int s = 0; s < radix2_passes; s++, span <<= 1) {
        struct fl_launch *l = fl_plan_add(plan, "fft_radix2", 2, global, NULL);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, p->sign);
        fl_launch_note(l, "p=%zu: radix-2 pass (chapter 02), sub-DFTs %zu -> %zu", span, span, 2 * span);
        swap(&src, &dst);
    }
    for (int s = 0; s < local_passes; s++, span *= R) {
        struct fl_launch *l = fl_plan_add(plan, kernel, 2, local_global, local);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_local(l, R * elem);
        fl_arg_local(l, R / 2 * elem);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, p->sign);
        fl_launch_note(l, "p=%zu: %zu groups of %zu items, radix-%zu in local memory, sub-DFTs "
                       "%zu -> %zu; reads stride %zu, writes stride %zu", span, p->n / R, wg, R,
                       span, span * R, p->n / R, span);
        swap(&src, &dst);
    }
    plan->result = src;
    int len = snprintf(plan->summary, sizeof plan->summary, "R = %zu x wg = %zu: log2 N = %d = "
                       "%d radix-2 pass%s + %d local pass%s of log2 R = %d stages each", per_item,
                       R, log2n, radix2_passes, radix2_passes == 1 ? "" : "es", local_passes,
                       local_passes == 1 ? "" : "es", fl_log2(R));
    if (four && (wg != asked || R > p->n) && len > 0 && (size_t)len < sizeof plan->summary)
        snprintf(plan->summary + len, sizeof plan->summary - (size_t)len, R > p->n
                 ? "; N < 4: no local pass fits, chapter 02's radix-2 pass does it"
                 : "; wg %zu -> %zu so that R = 4 x wg fits N and local memory", asked, wg);
}

int main(int argc, char **argv)
{
    static const char *const uses[] = {"02_radix2.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "03_local_memory",
        .title = "one work-group per radix-R butterfly, in local memory",
        .kernel_file = "03_local_memory.cl",
        .uses = uses,
        .help = "Radix-R passes (R = 2 x --wg, default 512) done by one work-group each in local\n"
                "memory, after the radix-2 passes that do not fill a group; N a power of two.",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
    };
    return fl_main(argc, argv, &chapter);
}
