/* 04_coalescing — chapter 03's local-memory passes with coalesced global access.
 *
 * What changed since 03_local_memory: a work-group now does T = 16 neighbouring
 * butterflies instead of one, so when it reads "value m of every butterfly" its
 * work-items read T consecutive addresses, and the same when it writes. The values are
 * reordered through a local-memory tile (one butterfly per column), padded by one column
 * so that walking down a column does not hit a single local-memory bank. Every pass,
 * including the one with a smaller radix that takes the leftover factor of N, is such
 * a tiled pass: no strided global access is left.
 * The idea in one sentence: move data between global memory and the work-group in
 * the order memory likes, and do the shuffling the algorithm needs in local memory.
 *
 * Build and run:
 *   make 04_coalescing
 *   ./build/04_coalescing --size 2^20 --batch 16 --explain
 *   ./build/04_stride                      # the access-pattern experiment (table + plot)
 * Kernels: kernels/04_coalescing.cl. Lesson: README.md here. */
#include "../../common/chapter.h"

#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"tiled", "T butterflies per work-group, coalesced loads and stores (the chapter's kernel)", NULL, 0},
    {"unpadded", "the same without the tile's padding column: right answer, bank conflicts", NULL, 0},
    {"tile_index", "the tile's addresses are yours, in R*T values without padding (fft_tile)",
     "exercises/04_coalescing/tile_index.cl", 0},
    {"register_store", "last stage in registers, stored from there when p >= T (fft_tile_regs)",
     "exercises/04_coalescing/register_store.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256
#define TILE 16 /* butterflies per work-group: 16 complex floats = 128 bytes per run */

static int check(const struct fl_problem *p, char *why, size_t len)
{
    size_t elem = p->precision == FL_DOUBLE ? 16 : 8;
    size_t wg = p->wg;
    if (!wg)
        return 0;
    if ((wg & (wg - 1)) || wg < TILE) {
        snprintf(why, len, "--wg %zu must be a power of two and at least %d (a group holds %d "
                 "butterflies of radix 2 x wg / %d)", wg, TILE, TILE, TILE);
        return -1;
    }
    if (fl_check_group_size(p, wg, why, len) != 0)
        return -1;
    size_t bytes = (2 * wg / TILE) * (TILE + 1) * elem + wg / TILE * elem;
    if (bytes > p->dev->local_mem) {
        snprintf(why, len, "--wg %zu needs %zu bytes of local memory, more than the %llu bytes of %s",
                 wg, bytes, (unsigned long long)p->dev->local_mem, p->dev->name);
        return -1;
    }
    return 0;
}

/* One tiled pass of radix R over n: T butterflies per group, T*R/2 work-items. */
static void add_pass(const struct fl_problem *p, struct fl_plan *plan, int *src, int *dst,
                     size_t span, size_t R, size_t T)
{
    size_t elem = p->precision == FL_DOUBLE ? 16 : 8;
    size_t global[2] = {p->n / 2, p->batch}, local[2] = {T * R / 2, 1};
    /* The exercise kernels take no pad argument: register_store's tile is padded, and
     * tile_index's has exactly R*T values (its layout is the exercise). */
    int tile_index = strcmp(p->variant, "tile_index") == 0;
    int regs = strcmp(p->variant, "register_store") == 0;
    const char *kernel = tile_index ? "fft_tile" : regs ? "fft_tile_regs" : "fft_coalesced";
    struct fl_launch *l = fl_plan_add(plan, kernel, 2, global, local);
    fl_arg_buffer(l, *src);
    fl_arg_buffer(l, *dst);
    fl_arg_local(l, R * (T + (tile_index ? 0 : 1)) * elem);
    fl_arg_local(l, R / 2 * elem);
    fl_arg_int(l, (int)span);
    fl_arg_int(l, (int)R);
    fl_arg_int(l, (int)T);
    if (!tile_index && !regs)
        fl_arg_int(l, strcmp(p->variant, "unpadded") == 0 ? 0 : 1);
    fl_arg_int(l, p->sign);
    fl_launch_note(l, "p=%zu: radix-%zu, %zu butterflies per group of %zu items, tile %zux%zu%s; "
                   "reads runs of %zu, writes %s", span, R, T, T * R / 2, R, T, tile_index ? "" : "+1", T,
                   span >= T ? "runs of T" : "one contiguous block per group");
    int t = *src;
    *src = *dst;
    *dst = t;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    int src = FL_BUF_A, dst = FL_BUF_B;
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    while (wg > 1 && wg > p->dev->max_wg)
        wg >>= 1;
    /* Radix of the main passes, and the group's butterfly count for a radix r pass. */
    size_t R = 2 * wg / TILE;
    if (R > p->n) R = p->n;
    if (R < 2) R = 2;
    int log2n = fl_log2(p->n), log2R = fl_log2(R);
    int full = log2n / log2R, rest = log2n % log2R;
    size_t span = 1;
    if (rest) {
        size_t r = (size_t)1 << rest, T = 2 * wg / r;
        if (T > p->n / r) T = p->n / r;
        add_pass(p, plan, &src, &dst, span, r, T);
        span *= r;
    }
    for (int s = 0; s < full; s++, span *= R) {
        size_t T = TILE;
        if (T > p->n / R) T = p->n / R;
        add_pass(p, plan, &src, &dst, span, R, T);
    }
    plan->result = src;
    snprintf(plan->summary, sizeof plan->summary, "log2 N = %d: %s%d pass%s of radix %zu "
             "(R = 2 x wg / T, T = %d butterflies per group)", log2n, rest ? "one smaller-radix pass + " : "",
             full, full == 1 ? "" : "es", R, TILE);
}

int main(int argc, char **argv)
{
    static const struct fl_chapter chapter = {
        .name = "04_coalescing",
        .title = "coalesced global access through a padded local tile",
        .kernel_file = "04_coalescing.cl",
        .help = "Radix-R passes where each work-group does T = 16 neighbouring butterflies, so\n"
                "global reads and writes come in runs of consecutive addresses; R = 2 x --wg / 16.",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
    };
    return fl_main(argc, argv, &chapter);
}
