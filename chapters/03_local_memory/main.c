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
    {"strided", "one work-group per butterfly, strided global access (the chapter's kernel)", NULL},
    {NULL, NULL, NULL},
};

#define DEFAULT_WG 256

static int log2_of(size_t v)
{
    int l = 0;
    while (((size_t)1 << l) < v)
        l++;
    return l;
}

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
    if (wg > p->dev->max_wg) {
        snprintf(why, len, "--wg %zu is more than %s allows (CL_DEVICE_MAX_WORK_GROUP_SIZE = %zu)",
                 wg, p->dev->name, p->dev->max_wg);
        return -1;
    }
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
    size_t wg = group_size(p), R = 2 * wg;
    int log2n = log2_of(p->n), log2R = log2_of(R);
    int radix2_passes = log2n % log2R, local_passes = log2n / log2R;
    size_t global[2] = {p->n / 2, p->batch}, local[2] = {wg, 1};

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
        struct fl_launch *l = fl_plan_add(plan, "fft_local", 2, global, local);
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
    snprintf(plan->summary, sizeof plan->summary, "R = 2 x wg = %zu: log2 N = %d = %d radix-2 "
             "pass%s + %d local pass%s of log2 R = %d stages each", R, log2n, radix2_passes,
             radix2_passes == 1 ? "" : "es", local_passes, local_passes == 1 ? "" : "es", log2R);
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
