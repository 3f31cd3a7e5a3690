/* 06_mixed_radix: the limits the Stockham plan is made with, and the group sizes it
 * takes by default. The planner itself is common/fft/radix_plan.c; what is here is this
 * chapter's choice of its limits, each measured on the H100 (NOTES.md), so each a
 * heuristic fitted on that device, not a law. --wg and --shapes (or what --tune keeps)
 * set the groups instead, and then the group rules below step aside. */
#include "mixed_radix.h"

#include <string.h>

#define DEFAULT_WG 256   /* work-items per group the plan may use           */
#define ROW_PARTS 8      /* a row of up to 8 local memories in one pass, in parts */
#define ROW_GROUP_MAX 1024 /* ... by a group of at most this many items            */
#define ROW_ROUNDS_MAX 24  /* ... whose exchanges take at most this many rounds     */
#define LAST_PARTS 4     /* two passes with their columns in up to 4 parts (the first 2) */
/* ... and a row of up to 8 times twice that, exchanged in halves, if its items then hold
 * at most ROW_HALVES_VALUES values, or else a group of at most ROW_HALVES_ITEMS holds at
 * most ROW_HALVES_ITEMS_VALUES each. On the H100 (2026-11-26, NOTES.md): 13122 = 2 parts
 * of 6561 by 729 items of 18 values, 0.242 -> 0.161 ms; 19683 = 3 parts of 6561 by 729
 * items of 27 values spilled registers and lost to two passes (0.262 vs 0.228), by 365
 * items of 54 won (0.184), by 243 of 81 spilled again (0.311). The limits are those two
 * winning shapes: a heuristic fitted on them, not a law. */
#define ROW_HALVES_VALUES 24
#define ROW_HALVES_ITEMS 384
#define ROW_HALVES_ITEMS_VALUES 54

/* Multi-pass plans of odd N (3^a 5^b 7^c): at most this many values per work-item, so
 * more items per column. On the H100 (2026-11-23, --no-verify, 50 calls): 19683 x 852
 * 0.336 -> 0.260 ms, 16807 x 998 0.255 -> 0.216, 15625 x 1073 0.249 -> 0.232; with a
 * factor 2 in N it was slower (10^6 x 16 0.317 -> 0.343, 2^20 x 16 0.243 -> 0.310), so
 * odd N only. */
#define ODD_ITEM_VALUES 8

/* The group rules (README "Group sizes by measurement"; H100, 2026-11-26, NOTES.md):
 * - a multi-pass plan is made again with groups of MULTI_PASS_WG items: fewer values per
 *   item, more columns per group, sometimes a pass less (5^7 x 214: 0.305 -> 0.260 ms,
 *   3^12 x 31: 0.339 -> 0.300, 10^5 x 167: 0.259 -> 0.232); but its passes of 2^a points
 *   keep groups of DEFAULT_WG (at 2^18 the larger groups gained nothing, and at 196608 =
 *   512 x 384 the first pass lost 5 %: 0.256 -> 0.269 ms);
 * - at N = 2^a, the first pass of such a plan then takes half the columns, 8 values per
 *   item (first_pass_shape), where it had at least 16 (65536 x 256: 0.209 -> 0.198 ms;
 *   where it had 4, at 2^20, it lost: 0.241 -> 0.252);
 * - a single pass of whole rows, a row taking at most ROW_WG items, is made again with
 *   groups of ROW_WG items: fewer rows per group (1024 x 16384: 0.0948 -> 0.0936 ms);
 * and two more, measured later that day (NOTES.md, "2026-11-26 (night)"):
 * - blocks of 25 and 27 points (fl_radix_with25) for a single pass of whole rows of N = 3^a
 *   or 5^a whose rows then take at least BLOCK_ITEMS items each (README "Blocks of 25 and
 *   27"): one exchange less per two stages. On the H100: 3125 0.124 -> 0.098 ms, 2187 0.104 ->
 *   0.099, 625 0.101 -> 0.097, 729 0.0966 -> 0.0956; with fewer items per row they lost
 *   (125: 5 items, 0.095 -> 0.176; 243: 9, 0.096 -> 0.145), and so did the multi-pass
 *   plans but 5^8 (0.346 -> 0.306, one size, not taken) and the N with another factor
 *   that was tried (4374 = 2 x 3^7: 0.112 -> 0.254);
 * - at N = 2^a the last pass keeps the groups of MULTI_PASS_WG (2^18 x 64: 0.228 ->
 *   0.213 ms, 2^19 x 32: 0.231 -> 0.219); of the default fp32 plans of 2^13 ... 2^26 it
 *   changed only those two, whose last pass of 512 points gets one butterfly per item
 *   (since the longer pass first, below, they end in passes of 256, and 2^20's last pass
 *   of 512 is the one it changes);
 * and one more, later still (NOTES.md, "2026-11-26 (late)"):
 * - rows that would take three passes take two where passes of up to 4096 points can hold
 *   their columns in parts (LAST_PARTS; README "Passes in parts"), such a pass in groups of
 *   DEFAULT_WG (64 values an item: 2^22 x 4 as 1024 x 4096, 0.299 -> 0.267 ms; in groups of
 *   512, 32 values, 0.300; as 2048 x 2048, 0.258), and only where B <= 2 or all its
 *   exchanges go in slices (all_sliced);
 * and the last (NOTES.md, 2026-11-27):
 * - N = 2^a in two passes takes the longer first, the last of at least
 *   MR_LONG_FIRST_MIN_LAST points (the limits' long_first; README "The longer pass
 *   first"): the last pass's stores are strided, and fewer points give it more columns.
 *   2^20 x 16 as 2048 x 512: 0.242 -> 0.226 ms; 2^18 x 64 as 1024 x 256: 0.2135 -> 0.2095;
 *   2^19 x 32 as 2048 x 256 and 2^21 x 8 as 2048 x 1024: 1 %. 65536 and 2^22 keep theirs
 *   (256 x 256, 2048 x 2048: every other split lost 4-7 %); tried on those six sizes. */
#define BLOCK_ITEMS 25
#define MULTI_PASS_WG 512
#define ROW_WG 128
static const struct fl_pass_shape first_pass_shape = {256, 8};

static void base_limits(const struct fl_problem *p, size_t items, struct fl_radix_limits *lim)
{
    fl_radix_limits_default(lim, p->dev->local_mem, mr_elem_bytes(p), items);
    if (p->n % 2 && p->n > lim->local_values && lim->item_values > ODD_ITEM_VALUES)
        lim->item_values = ODD_ITEM_VALUES;
    /* --shapes, or what --tune measured: per pass caps on the group (common/fft/tune.h) */
    for (int k = 0; k < p->nshapes; k++)
        lim->shape[k] = p->shape[k];
    /* a row that does not fit local memory, but fits ROW_PARTS of them: one pass in parts
     * (kernels/06_row_parts.cl, fft_row_parts_p0; README "A row in parts") */
    if (strcmp(p->variant, "no_parts") != 0) {
        lim->max_row_parts = ROW_PARTS;
        /* its one group per row may be as large as the device allows (--wg still caps
         * it): 15625 = 5 x 3125 needs 625 items to hold 25 values each (README "Larger
         * groups for a row in parts") */
        if (!p->wg)
            lim->max_row_items = p->dev->max_wg < ROW_GROUP_MAX ? p->dev->max_wg : ROW_GROUP_MAX;
        /* B rounds per exchange: 5 x 4 = 20 (15625) and 7 x 3 = 21 (16807) beat two
         * passes on the H100, 8 x 4 = 32 (25000) lost to them and 7 x 4 = 28 (21875)
         * tied (NOTES.md, 2026-11-26). Fitted on those, a heuristic, not a law. */
        lim->max_row_rounds = ROW_ROUNDS_MAX;
        /* and where no part fits local memory, parts of twice that, exchanged real parts
         * first, if an item holds few enough values to keep them in registers (README
         * "Exchanging in halves") */
        lim->row_halves = ROW_HALVES_VALUES;
        lim->row_halves_items = ROW_HALVES_ITEMS;
        lim->row_halves_values = ROW_HALVES_ITEMS_VALUES;
        /* rows that would take three passes take two where they can, with a pass's columns
         * in parts (kernels/06_column_parts.cl, fft_mixed_parts_p<k>; README "Passes in
         * parts") */
        lim->last_parts = LAST_PARTS;
        /* and N = 2^a takes its two passes with the longer first, the last of at least
         * MR_LONG_FIRST_MIN_LAST points (README "The longer pass first") */
        lim->long_first = MR_LONG_FIRST_MIN_LAST;
    }
}

int mr_long_first(const struct fl_problem *p, const struct fl_radix_plan *rp)
{
    return strcmp(p->variant, "no_parts") != 0 && (p->n & (p->n - 1)) == 0 &&
           rp->npasses == 2 && rp->pass[0].q > rp->pass[1].q &&
           rp->pass[1].q >= MR_LONG_FIRST_MIN_LAST;
}

static int whole_rows(const struct fl_radix_plan *rp)
{
    return rp->npasses == 1 && rp->pass[0].parts <= 1;
}

static int power_of(size_t n, size_t prime)
{
    while (n > 1 && n % prime == 0)
        n /= prime;
    return n == 1;
}

const unsigned *mr_radices(const struct fl_problem *p)
{
    const unsigned *r = mr_variant_radices(p);
    if (r != fl_radix_with9 || strcmp(p->variant, "no_radix25") == 0 || p->n < 2 ||
        !(power_of(p->n, 3) || power_of(p->n, 5)))
        return r;
    struct fl_radix_limits lim;
    static struct fl_radix_plan blocks;
    base_limits(p, mr_group_items(p, DEFAULT_WG), &lim);
    memset(lim.shape, 0, sizeof lim.shape);
    lim.radices = fl_radix_with25;
    if (fl_radix_plan_make(p->n, p->batch, &lim, &blocks, NULL, 0) == 0 && whole_rows(&blocks) &&
        blocks.pass[0].items >= BLOCK_ITEMS)
        return fl_radix_with25;
    return r;
}

/* 1 when every exchange of PS, a pass in parts, goes in slices
 * (kernels/06_column_parts.cl, sliced_ok: no item waits while another part exchanges) */
static int all_sliced(const struct fl_radix_pass *ps)
{
    size_t sp = 1;
    for (int s = 0; s + 1 < ps->nstages; s++) {
        size_t rp = ps->radix[s], rn = ps->radix[s + 1], bp = ps->q / rp;
        if (bp % ps->items != 0 || (bp / ps->items) % ps->parts != 0 || ps->items % sp != 0 ||
            rn % ps->parts != 0)
            return 0;
        sp *= rp;
    }
    return 1;
}

/* P's plan from groups of at most ITEMS, without --shapes (SHAPED 0) or with them, with
 * the radices mr_radices chooses; PARTS 0: without passes in parts (the rule below). */
static int plan_at(const struct fl_problem *p, size_t items, int shaped, int parts,
                   struct fl_radix_limits *lim, struct fl_radix_plan *rp, char *why, size_t len)
{
    base_limits(p, mr_group_items(p, items), lim);
    if (!parts)
        lim->last_parts = 0;
    lim->radices = mr_radices(p);
    if (!shaped)
        memset(lim->shape, 0, sizeof lim->shape);
    return fl_radix_plan_make(p->n, p->batch, lim, rp, why, len);
}

/* The group rules (top of this file) decide from the plans without --shapes, so that a
 * pass --shapes (or --tune) leaves at "default" is the pass the rules made: --tune's
 * default candidate is what it measured. */
int mr_make_plan(const struct fl_problem *p, struct fl_radix_plan *rp, char *why, size_t len)
{
    struct fl_radix_limits lim;
    static struct fl_radix_plan plain;
    int parts = 1;
    if (p->wg)
        return plan_at(p, DEFAULT_WG, 1, parts, &lim, rp, why, len);
    if (plan_at(p, DEFAULT_WG, 0, parts, &lim, &plain, why, len) != 0)
        return -1;
    if (plain.npasses == 2 && ((plain.pass[0].parts > 2 && !all_sliced(&plain.pass[0])) ||
                               (plain.pass[1].parts > 2 && !all_sliced(&plain.pass[1])))) {
        /* passes in parts only where B <= 2 or their exchanges all go in slices (H100: 3 x
         * 2^20 = 1024 x 3072 in 4 parts lost 27 %, 3 x 2^19 in 2 won 15 %; NOTES.md) */
        parts = 0;
        if (plan_at(p, DEFAULT_WG, 0, parts, &lim, &plain, why, len) != 0)
            return -1;
    }
    size_t items = DEFAULT_WG;
    char ignored[256];
    if (plain.npasses > 1) {
        if (plan_at(p, MULTI_PASS_WG, 0, parts, &lim, rp, ignored, sizeof ignored) == 0 &&
            rp->npasses > 1)
            items = MULTI_PASS_WG;
    } else if (whole_rows(&plain) && plain.pass[0].items <= ROW_WG && plain.pass[0].columns > 1) {
        if (plan_at(p, ROW_WG, 0, parts, &lim, rp, ignored, sizeof ignored) == 0 && whole_rows(rp) &&
            rp->pass[0].items == plain.pass[0].items)
            items = ROW_WG;
    }
    if (plan_at(p, items, 1, parts, &lim, rp, why, len) != 0)
        return -1;
    if (plain.npasses < 2)
        return 0;
    /* the passes --shapes leaves at "default" may take the rules' shapes: a pass of 2^a
     * points keeps the groups of DEFAULT_WG (but the last at N = 2^a), and at N = 2^a the
     * first pass half its columns */
    static struct fl_radix_plan shaped;
    int changed = 0;
    for (int k = 0; k < rp->npasses; k++) {
        int is_default = k >= p->nshapes || (p->shape[k].items == 0 && p->shape[k].values == 0);
        size_t q = rp->pass[k].q;
        if (!is_default)
            continue;
        int last_of_2a = k == rp->npasses - 1 && (p->n & (p->n - 1)) == 0;
        if (rp->pass[k].parts > 1) {
            /* a pass in parts: groups of DEFAULT_WG, up to part_values each */
            lim.shape[k] = (struct fl_pass_shape){DEFAULT_WG, 0};
            changed = 1;
        } else if (items == MULTI_PASS_WG && (q & (q - 1)) == 0 && !last_of_2a) {
            lim.shape[k] = (struct fl_pass_shape){DEFAULT_WG, lim.item_values};
            changed = 1;
        }
        if (k == 0 && (p->n & (p->n - 1)) == 0 && rp->pass[0].columns >= 16) {
            lim.shape[0] = first_pass_shape;
            changed = 1;
        }
    }
    if (changed &&
        fl_radix_plan_make(p->n, p->batch, &lim, &shaped, ignored, sizeof ignored) == 0 &&
        shaped.npasses == rp->npasses)
        *rp = shaped;
    return 0;
}

/* The variants' radices, the problem's element size and group size: what main.c and
 * this file share (here, below main.c: calls go one way). */
static const unsigned radices_primes[] = {2, 3, 5, 7, 0};
static const unsigned radices_dft6[] = {6, 16, 8, 4, 2, 3, 5, 7, 0};

/* --variant three_blocks or digit_reverse: the three blocks, not a Stockham plan. */
int mr_is_blocks(const struct fl_problem *p)
{
    return strcmp(p->variant, "three_blocks") == 0 || strcmp(p->variant, "digit_reverse") == 0;
}

/* The radices the Stockham variants plan with (NULL: the planner's defaults). */
const unsigned *mr_variant_radices(const struct fl_problem *p)
{
    if (strcmp(p->variant, "primes") == 0)
        return radices_primes;
    if (strcmp(p->variant, "dft6") == 0)
        return radices_dft6;
    if (strcmp(p->variant, "no_radix10") == 0)
        return fl_radix_no10;
    if (strcmp(p->variant, "no_radix9") == 0 || mr_is_blocks(p))
        return NULL;
    /* the planner's and the radix-9 block, which this chapter's kernels have
     * (kernels/06_mixed_radix.cl, dft9) and three_blocks has not */
    return fl_radix_with9;
}

size_t mr_elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

size_t mr_group_items(const struct fl_problem *p, size_t dflt)
{
    size_t wg = p->wg ? p->wg : dflt;
    return wg < p->dev->max_wg ? wg : p->dev->max_wg;
}
