/* The radix planner (radix_plan.h): the passes of a transform of N points and the shape of
 * each pass's work-groups, within the limits of a device. The arithmetic of radices it uses
 * (factoring, smooth numbers, the digit reversal) is radix_math.c. */
#include "radix_plan.h"

#include "plan.h"

#include <math.h>

#include <stdio.h>
#include <string.h>

const unsigned fl_radix_default[] = {16, 10, 8, 4, 2, 3, 5, 7, 0};
const unsigned fl_radix_no10[] = {16, 8, 4, 2, 3, 5, 7, 0};
const unsigned fl_radix_with9[] = {16, 10, 9, 8, 4, 2, 3, 5, 7, 0};
const unsigned fl_radix_with25[] = {16, 10, 9, 8, 4, 2, 3, 5, 7, 25, 27, 0};

#define MAX_LOCAL_VALUES 4096 /* a pass does at most 4096 points, as in chapter 05 */

void fl_radix_limits_default(struct fl_radix_limits *lim, unsigned long long local_mem_bytes,
                             size_t elem_bytes, size_t max_items)
{
    unsigned long long v = local_mem_bytes / elem_bytes * 16 / 17; /* the kernels pad 1/16 */
    lim->local_values = v < MAX_LOCAL_VALUES ? (size_t)v : MAX_LOCAL_VALUES;
    lim->max_items = max_items ? max_items : 1;
    lim->item_values = 16;
    lim->min_columns = 4;
    lim->radices = NULL;
    memset(lim->shape, 0, sizeof lim->shape);
    lim->max_parts = 0;
    lim->max_row_parts = 0;
    lim->max_row_items = 0;
    lim->max_row_rounds = 0;
    lim->row_halves = 0;
    lim->row_halves_items = 0;
    lim->row_halves_values = 0;
    lim->last_parts = 0;
    lim->long_first = 0;
    lim->part_values = FL_RADIX_MAX_PART_VALUES * 8 / elem_bytes;
}

size_t fl_radix_pass_local_values(const struct fl_radix_pass *ps)
{
    size_t values = ps->columns * ps->q / (ps->parts > 1 ? ps->parts : 1);
    values += values / 16;
    return ps->halves ? (values + 1) / 2 : values;
}

int fl_radix_pass_row_parts(const struct fl_radix_pass *ps)
{
    return ps->parts > 1 && ps->columns == 1;
}

size_t fl_radix_pass_kernel_q(const struct fl_radix_pass *ps, int *nstages)
{
    int row = fl_radix_pass_row_parts(ps);
    *nstages = ps->nstages - row;
    return row ? ps->q / ps->parts : ps->q;
}


/* Spread the prime factors of N over NPASS passes, each at most CAP: factors from the
 * largest down, each into the pass with the smallest product so far that stays <= CAP.
 * Returns 0 and Q[0..npass) largest first, or -1 when they do not fit. */
static int spread(size_t n, int npass, size_t cap, size_t *q)
{
    unsigned factors[64];
    int nf = 0;
    for (unsigned p = 2; n > 1 && p <= 64; p++)
        while (n % p == 0 && nf < 64) {
            factors[nf++] = p;
            n /= p;
        }
    if (n != 1)
        return -1;
    for (int i = 0; i < npass; i++)
        q[i] = 1;
    for (int f = nf - 1; f >= 0; f--) {
        int best = -1;
        for (int i = 0; i < npass; i++)
            if (q[i] * factors[f] <= cap && (best < 0 || q[i] < q[best]))
                best = i;
        if (best < 0)
            return -1;
        q[best] *= factors[f];
    }
    for (int i = 0; i < npass; i++) /* largest first */
        for (int j = i + 1; j < npass; j++)
            if (q[j] > q[i]) {
                size_t t = q[i];
                q[i] = q[j];
                q[j] = t;
            }
    return q[npass - 1] > 1 ? 0 : -1;
}

static size_t ceil_div(size_t a, size_t b)
{
    return (a + b - 1) / b;
}

static size_t min_z(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* Most values an item holds in a stage: ceil(butterflies / items) butterflies of r values. */
static size_t pass_values(const struct fl_radix_pass *ps)
{
    size_t most = 0;
    for (int s = 0; s < ps->nstages; s++) {
        size_t v = ceil_div(ps->q / ps->radix[s], ps->items) * ps->radix[s];
        if (v > most)
            most = v;
    }
    return most;
}

/* The fewest items per column, at least IMIN, that do every stage of pass PS in as many
 * rounds as its ps->items do: no item holds more values than before, and none idles
 * through a stage's last round. 1000 = 10 x 10 x 10 with 64 items: 100 butterflies a stage, 64 in the first
 * round and 36 in the second; 50 items do both rounds full (lesson 06, "A radix-10 block").
 * Where every stage's butterflies are a multiple of the items (powers of two) it changes
 * nothing. */
static size_t balanced_items(const struct fl_radix_pass *ps, size_t imin)
{
    size_t most = imin;
    for (int s = 0; s < ps->nstages; s++) {
        size_t b = ps->q / ps->radix[s], rounds = ceil_div(b, ps->items);
        if (ceil_div(b, rounds) > most)
            most = ceil_div(b, rounds);
    }
    return most < ps->items ? most : ps->items;
}

/* The largest radix of PS's stages (1 if none): a pass needs Q / rmax items per column to
 * give every butterfly of its widest stage an item of its own. */
static unsigned largest_radix(const struct fl_radix_pass *ps)
{
    unsigned rmax = 1;
    for (int s = 0; s < ps->nstages; s++)
        if (ps->radix[s] > rmax)
            rmax = ps->radix[s];
    return rmax;
}

/* The group of a pass in parts: PS->q, its stages and PS->columns (T) set, the fewest items
 * per column that keep at most VMAX values each, as many as GMAX / T allow up to one per
 * butterfly of the largest radix, balanced (KEEP_IMIN: a values cap kept as given, as in
 * the multi-pass branch below). Returns -1 when the group would pass GMAX items or an item
 * would hold more than PART_VALUES. */
static int parted_shape(struct fl_radix_pass *ps, size_t gmax, size_t vmax, size_t part_values,
                        int keep_imin)
{
    unsigned rmax = largest_radix(ps);
    size_t imin = ceil_div(ps->q, vmax);
    ps->items = min_z(ceil_div(ps->q, rmax), gmax / ps->columns);
    if (ps->items < imin)
        ps->items = imin;
    if (ps->items * ps->columns > gmax)
        return -1;
    ps->items = balanced_items(ps, keep_imin ? imin : 1);
    ps->values = pass_values(ps);
    return ps->values <= part_values ? 0 : -1;
}

/* A row of N points in B parts (radix_plan.h, fl_radix_plan_make): PS gets Q = N, the
 * stages of one part (N/B points) then the radix-B stage across them, I items per part
 * and a row per group. Tries B = each allowed radix up to LIM->max_row_parts, smallest
 * first; returns -1 when none fits local memory and the registers. HALVES: parts of up to
 * twice local_values, exchanged real parts first (rounds count twice), at most
 * LIM->row_halves values per item, or else row_halves_items of row_halves_values. */
static int row_parts_pass(size_t n, const struct fl_radix_limits *lim, const unsigned *radices,
                          size_t gmax, int halves, struct fl_radix_pass *ps)
{
    for (size_t b = 2; b <= lim->max_row_parts; b++) {
        int allowed = 0;
        for (const unsigned *r = radices; *r; r++)
            allowed |= *r == b;
        size_t room = lim->local_values * (halves ? 2 : 1); /* a part's values in local memory */
        if (!allowed || n % b != 0 || n / b > room)
            continue;
        struct fl_radix_pass part = {.q = n / b, .span = 1, .columns = 1, .parts = 1};
        part.nstages = fl_radix_factor(part.q, radices, part.radix, FL_RADIX_MAX_PASS_STAGES - 1);
        if (part.nstages < 0)
            continue;
        part.items = min_z(gmax, ceil_div(part.q, largest_radix(&part)));
        part.items = balanced_items(&part, 1);
        part.values = pass_values(&part);
        /* in halves, a group whose items would hold more than row_halves values each
         * takes at most row_halves_items items of at most row_halves_values instead:
         * fewer items, each with more registers (NVIDIA gives each item of a group of
         * 729 about 80 registers, of 365 about 168) */
        if (halves && b * part.values > lim->row_halves) {
            if (!lim->row_halves_items || part.items <= lim->row_halves_items)
                continue;
            part.items = min_z(lim->row_halves_items, ceil_div(part.q, largest_radix(&part)));
            part.items = balanced_items(&part, 1);
            part.values = pass_values(&part);
            if (b * part.values > lim->row_halves_values)
                continue;
        }
        if (part.values > FL_RADIX_MAX_VALUES || b * part.values > lim->part_values)
            continue;
        /* each exchange between the part's stages is b rounds through local memory (2b
         * in halves) */
        size_t rounds = b * (size_t)(part.nstages - 1) * (halves ? 2 : 1);
        if (lim->max_row_rounds && rounds > lim->max_row_rounds)
            continue;
        *ps = part;
        ps->q = n;
        ps->radix[ps->nstages++] = (unsigned)b;
        ps->parts = b;
        ps->values = b * part.values;
        ps->halves = halves;
        return 0;
    }
    return -1;
}

/* The parts a pass of Q points needs for its CMIN columns (radix_plan.h, last_parts): 1
 * when Q <= CAP (local memory holds them), else B >= 2 with *TCOLS columns in all, or 0
 * when none fits (B > LIM->last_parts, Q does not factor, or no group shape). */
static size_t pass_parts(size_t q, size_t cmin, size_t cap, size_t items,
                         const struct fl_radix_limits *lim, const unsigned *radices, size_t *tcols)
{
    struct fl_radix_pass trial = {.q = q};
    trial.nstages = fl_radix_factor(q, radices, trial.radix, FL_RADIX_MAX_PASS_STAGES);
    if (trial.nstages < 0 || q > lim->local_values)
        return 0;
    if (q <= cap)
        return 1;
    size_t b = ceil_div(cmin, lim->local_values / q);
    trial.columns = b * ceil_div(cmin, b);
    if (b < 2 || b > lim->last_parts ||
        parted_shape(&trial, items, lim->part_values, lim->part_values, 0) != 0)
        return 0;
    *tcols = trial.columns;
    return b;
}

/* Two passes Q[0] x Q[1] = N: each pass's parts (pass_parts: 0 when it does not fit) and
 * its columns in all where in parts. */
struct split {
    size_t q[2], parts[2], tcols[2];
};

static struct split two_passes(size_t n, size_t q0, size_t cmin, size_t cap, size_t items,
                               const struct fl_radix_limits *lim, const unsigned *radices)
{
    struct split sp = {{q0, n / q0}, {0, 0}, {0, 0}};
    if (n % q0 != 0 || q0 % cmin != 0 || sp.q[1] % cmin != 0)
        return sp;
    for (int k = 0; k < 2; k++)
        sp.parts[k] = pass_parts(sp.q[k], cmin, cap, items, lim, radices, &sp.tcols[k]);
    return sp;
}

/* SP into plan_lines' arrays: the passes' Q, parts and columns. */
static void take_split(const struct split *sp, size_t *q, size_t *parts, size_t *tcols)
{
    for (int k = 0; k < 2; k++) {
        q[k] = sp->q[k];
        parts[k] = sp->parts[k];
        tcols[k] = sp->tcols[k];
    }
}

/* Two passes for a row whose passes of at most CAP points take three or more (radix_plan.h,
 * last_parts): Q[0] x Q[1] = N, each pass of more than CAP points with its columns in
 * PARTS[i] parts of TCOLS[i] columns in all, the first in at most 2 (in 4 it lost, 2^24 on
 * the H100); of those, the fewest parts in all, then the larger Q[1]. Returns -1 when no
 * split fits. */
static int parted_split(size_t n, size_t cmin, size_t cap, size_t items,
                        const struct fl_radix_limits *lim, const unsigned *radices, size_t *q,
                        size_t *parts, size_t *tcols)
{
    size_t best = 0;
    if (lim->last_parts < 2)
        return -1;
    for (size_t q0 = cmin; q0 <= lim->local_values && q0 < n; q0++) {
        struct split sp = two_passes(n, q0, cmin, cap, items, lim, radices);
        size_t b0 = sp.parts[0], b1 = sp.parts[1];
        if (b0 == 0 || b1 == 0 || b0 > 2 || b0 + b1 == 2)
            continue;
        if (best == 0 || b0 + b1 < best || (b0 + b1 == best && sp.q[1] > q[1])) {
            best = b0 + b1;
            take_split(&sp, q, parts, tcols);
        }
    }
    return best ? 0 : -1;
}

/* Two passes of N = 2^a, the longer first (radix_plan.h, long_first): the largest Q[0], a
 * power of two, in at most 2 parts, whose Q[1] = N/Q[0] is at least LIM->long_first, at
 * most Q[0], and fits (pass_parts). The last pass stores each column's outputs P apart,
 * so its stores are runs of its T columns: fewer points, more columns, longer runs (H100:
 * 2^20 as 2048 x 512, 0.242 -> 0.226 ms; NOTES.md of chapter 06, 2026-11-27). Returns -1
 * when none fits. */
static int long_first_split(size_t n, size_t cmin, size_t cap, size_t items,
                            const struct fl_radix_limits *lim, const unsigned *radices,
                            size_t *q, size_t *parts, size_t *tcols)
{
    if (!lim->long_first || (n & (n - 1)) != 0)
        return -1;
    size_t q0 = 1;
    while (q0 * 2 <= lim->local_values)
        q0 *= 2;
    for (; q0 >= 2; q0 /= 2) {
        if (q0 >= n || n / q0 > q0 || n / q0 < lim->long_first)
            continue;
        struct split sp = two_passes(n, q0, cmin, cap, items, lim, radices);
        if (sp.parts[0] == 0 || sp.parts[1] == 0 || sp.parts[0] > 2)
            continue;
        take_split(&sp, q, parts, tcols);
        return 0;
    }
    return -1;
}

/* Pass I of NPASS of plan_lines' plan (its Q already chosen, SPAN the product of the
 * passes before it): its stages, appended to the plan's, and its group shape: the columns
 * in PPARTS[I] parts of PTCOLS[I] columns, whole rows, or the columns of a longer row.
 * Returns 0, or -1 with WHY. */
static int shape_pass(struct fl_radix_plan *plan, int i, int npass, size_t span, size_t n,
                      size_t batch, size_t stride, const struct fl_radix_limits *lim,
                      const unsigned *radices, size_t items, const size_t *q,
                      const size_t *pparts, const size_t *ptcols, char *why, size_t len)
{
    struct fl_radix_pass *ps = &plan->pass[i];
    ps->q = q[i];
    ps->span = span;
    ps->nstages = fl_radix_factor(q[i], radices, ps->radix, FL_RADIX_MAX_PASS_STAGES);
    if (ps->nstages < 0) {
        snprintf(why, len, "Q = %zu (a pass of N = %zu) does not factor into at most %d stages",
                 q[i], n, FL_RADIX_MAX_PASS_STAGES);
        return -1;
    }
    unsigned rmax = largest_radix(ps);
    for (int s = 0; s < ps->nstages; s++) {
        if (plan->nstages == FL_RADIX_MAX_STAGES) {
            snprintf(why, len, "N = %zu needs more than %d stages", n, FL_RADIX_MAX_STAGES);
            return -1;
        }
        plan->radix[plan->nstages++] = ps->radix[s];
    }
    size_t lt = lim->local_values / ps->q; /* columns local memory holds */
    ps->parts = 1;
    if (pparts[i] > 1) { /* the only pass, or one of two */
        /* the columns in parts: T = tcols columns of I items, at most part_values
         * values each (or the shape's caps) */
        size_t gmax = lim->shape[i].items ? lim->shape[i].items : items;
        size_t vmax = lim->shape[i].values ? lim->shape[i].values : lim->part_values;
        ps->parts = pparts[i];
        ps->columns = ptcols[i];
        if (parted_shape(ps, gmax, vmax, lim->part_values, lim->shape[i].values != 0) != 0) {
            snprintf(why, len, "pass %d (Q = %zu, %zu columns in %zu parts) cannot keep a group of "
                     "at most %zu items holding at most %zu values each (and at most %zu)", i,
                     ps->q, ptcols[i], pparts[i], gmax, vmax, lim->part_values);
            return -1;
        }
    } else if (npass == 1 && stride <= 1) {
        /* whole rows: one item per butterfly of the largest radix, T rows per group */
        ps->items = min_z(items, ceil_div(ps->q, rmax));
        ps->columns = min_z(min_z(lt, items / ps->items), batch);
    } else {
        /* columns of a longer row: as many neighbours per group as fit (coalescing);
         * this pass's shape caps, where set, in place of the limits' */
        size_t gmax = lim->shape[i].items ? lim->shape[i].items : items;
        size_t vmax = lim->shape[i].values ? lim->shape[i].values : lim->item_values;
        size_t imin = ceil_div(ps->q, vmax);
        if (imin > gmax) {
            snprintf(why, len, "pass %d (Q = %zu) needs %zu work-items per column to hold at "
                     "most %zu values each, more than the %zu of a group", i, ps->q, imin,
                     vmax, gmax);
            return -1;
        }
        ps->columns = min_z(min_z(lt, gmax / imin), batch * (n / ps->q) * (stride > 1 ? stride : 1));
        if (ps->columns < 1)
            ps->columns = 1;
        ps->items = min_z(ceil_div(ps->q, rmax), gmax / ps->columns);
        if (ps->items < imin)
            ps->items = imin;
        /* a values cap from --shapes/--tune is kept as given (its items may wait in a
         * stage, as struct fl_pass_shape says); the planner's own shape drops the
         * items that would only idle */
        ps->items = balanced_items(ps, lim->shape[i].values ? imin : 1);
    }
    if (ps->columns < 1)
        ps->columns = 1;
    if (ps->items < 1)
        ps->items = 1;
    ps->values = pass_values(ps);
    /* a block of more than FL_RADIX_MAX_VALUES points holds its own (kernels built
     * with FL_VMAX = FL_RADIX_MAX_BLOCK) */
    size_t vcap = rmax > FL_RADIX_MAX_VALUES ? rmax : FL_RADIX_MAX_VALUES;
    if (ps->parts <= 1 && ps->values > vcap) {
        snprintf(why, len, "a pass of Q = %zu with %zu items per column holds %zu values per "
                 "item, more than %zu", ps->q, ps->items, ps->values, vcap);
        return -1;
    }
    return 0;
}

/* fl_radix_plan_make (STRIDE 1) and fl_radix_plan_strided (STRIDE > 1): BATCH lines of N
 * points, the points of a line STRIDE elements apart, STRIDE lines side by side. */
static int plan_lines(size_t n, size_t batch, size_t stride, const struct fl_radix_limits *lim,
                      struct fl_radix_plan *plan, char *why, size_t len)
{
    const unsigned *radices = lim->radices && lim->radices[0] ? lim->radices : fl_radix_default;
    memset(plan, 0, sizeof *plan);
    plan->n = n;
    if (why && len)
        why[0] = '\0';
    size_t left = fl_radix_leftover(n, radices);
    if (n == 0 || left != 1) {
        char list[96];
        snprintf(why, len, "N = %zu has the factor %zu, which no radix (%s) divides", n, left,
                 fl_radix_list(radices, list, sizeof list));
        return -1;
    }
    size_t items = lim->max_items ? lim->max_items : 1;
    size_t single = min_z(lim->local_values, items * lim->item_values);
    size_t cmin = min_z(lim->min_columns ? lim->min_columns : 1, items);
    size_t cap = single / cmin;
    plan->single_pass_max = single;
    plan->multi_pass_max_q = cap;
    if (batch == 0)
        batch = 1;
    if (n == 1)
        return 0;

    /* a strided axis that fits local memory as one column but not as min_columns of
     * them: one pass whose exchanges go a part at a time (radix_plan.h), if its default
     * shape fits; decided without the shape caps, so --shapes and --tune never change
     * the passes, only the groups */
    size_t parts = 1, tcols = 0, want = min_z(cmin, batch * stride);
    size_t pparts[FL_RADIX_MAX_PASSES] = {0}, ptcols[FL_RADIX_MAX_PASSES] = {0};
    if (stride > 1 && n > cap && n <= single && lim->max_parts > 1) {
        struct fl_radix_pass trial = {.q = n};
        parts = ceil_div(want, lim->local_values / n);
        tcols = parts * ceil_div(want, parts);
        trial.columns = tcols;
        trial.nstages = fl_radix_factor(n, radices, trial.radix, FL_RADIX_MAX_PASS_STAGES);
        /* and only when every group's T columns are one aligned run (T divides the
         * stride): T = 4 runs of 32 bytes that straddle two sectors read twice what they
         * use, which costs more than the pass saves (09's half spectrum, stride 2049, on
         * the H100: 0.204 ms in parts against 0.162 in two passes) */
        if (parts > lim->max_parts || stride % tcols != 0 || trial.nstages < 0 ||
            parted_shape(&trial, items, lim->part_values, lim->part_values, 0) != 0)
            parts = 1;
    }

    /* a row longer than a group holds, but not longer than B local memories: one pass
     * in B parts (radix_plan.h) instead of two */
    struct fl_radix_pass row_parts;
    size_t row_items = lim->max_row_items ? lim->max_row_items : items;
    if (stride <= 1 && n > single && lim->max_row_parts > 1 &&
        (row_parts_pass(n, lim, radices, row_items, 0, &row_parts) == 0 ||
         (lim->row_halves && row_parts_pass(n, lim, radices, row_items, 1, &row_parts) == 0))) {
        plan->npasses = 1;
        plan->pass[0] = row_parts;
        for (int s = 0; s < row_parts.nstages; s++)
            plan->radix[plan->nstages++] = row_parts.radix[s];
        return 0;
    }

    size_t q[FL_RADIX_MAX_PASSES];
    int npass = 0;
    if (n <= (stride > 1 ? cap : single) || parts > 1) {
        q[0] = n;
        npass = 1;
        pparts[0] = parts;
        ptcols[0] = tcols;
    } else {
        for (int p = 2; p <= FL_RADIX_MAX_PASSES && !npass; p++)
            if (spread(n, p, cap, q) == 0)
                npass = p;
        /* rows that take three passes or more: two, in parts, where they can */
        if (npass > 2 && stride <= 1 && parted_split(n, cmin, cap, items, lim, radices, q, pparts,
                                                     ptcols) == 0)
            npass = 2;
        if (npass == 2 && stride <= 1)
            long_first_split(n, cmin, cap, items, lim, radices, q, pparts, ptcols);
        if (!npass) {
            snprintf(why, len, "N = %zu needs more than %d passes of at most %zu points (work-groups "
                     "of %zu item%s): use more work-items per group", n, FL_RADIX_MAX_PASSES, cap, items,
                     items == 1 ? "" : "s");
            return -1;
        }
    }

    plan->npasses = npass;
    size_t span = 1;
    for (int i = 0; i < npass; i++) {
        if (shape_pass(plan, i, npass, span, n, batch, stride, lim, radices, items, q, pparts,
                       ptcols, why, len) != 0)
            return -1;
        span *= plan->pass[i].q;
    }
    return 0;
}

int fl_radix_plan_make(size_t n, size_t batch, const struct fl_radix_limits *lim,
                       struct fl_radix_plan *plan, char *why, size_t len)
{
    return plan_lines(n, batch, 1, lim, plan, why, len);
}

int fl_radix_plan_strided(size_t n, size_t lines, size_t stride, const struct fl_radix_limits *lim,
                          struct fl_radix_plan *plan, char *why, size_t len)
{
    return plan_lines(n, lines, stride > 1 ? stride : 1, lim, plan, why, len);
}
