/* common/fft/radix_plan.c: factorization, passes, group shapes (and per-pass shape caps),
 * digit reversal; and common/fft/tune.c's fl_tune_pick, which picks among measured shapes. */
#include "../../common/fft/radix_plan.h"
#include "../../common/fft/tune.h"
#include "../../chapters/08_bluestein/length_search.h" /* fl_bluestein_length */
#include "tap.h"

#include <stdio.h>
#include <string.h>

static size_t product(const unsigned *r, int n)
{
    size_t p = 1;
    for (int i = 0; i < n; i++)
        p *= r[i];
    return p;
}

/* fl_radix_factor(Q) with the default radices gives exactly WANT ("16 x 3 x 5"). */
static void factors(size_t q, const unsigned *radices, const char *want)
{
    unsigned r[FL_RADIX_MAX_STAGES];
    char got[160];
    int n = fl_radix_factor(q, radices, r, FL_RADIX_MAX_STAGES);
    if (n < 0)
        snprintf(got, sizeof got, "(refused)");
    else
        fl_radix_join(r, n, got, sizeof got);
    is_str(got, want, "factor %zu", q);
}

/* A plan for N x BATCH within LIM that must exist; checks every invariant the kernels
 * rely on. Returns the pass count. */
static int plan_ok(size_t n, size_t batch, const struct fl_radix_limits *lim, struct fl_radix_plan *p)
{
    char why[256] = "";
    if (!is_int(fl_radix_plan_make(n, batch, lim, p, why, sizeof why), 0, "plan N=%zu x %zu", n, batch)) {
        diag("why: %s", why);
        return -1;
    }
    size_t all = 1, span = 1;
    int bad = 0;
    for (int k = 0; k < p->npasses; k++) {
        const struct fl_radix_pass *ps = &p->pass[k];
        all *= ps->q;
        bad |= ps->span != span;
        span *= ps->q;
        bad |= product(ps->radix, ps->nstages) != ps->q;
        bad |= ps->items * ps->columns > lim->max_items;
        bad |= ps->q * ps->columns > lim->local_values;
        unsigned rmax = 1; /* a block of 25 or 27 holds its own values */
        for (int s = 0; s < ps->nstages; s++)
            rmax = ps->radix[s] > rmax ? ps->radix[s] : rmax;
        bad |= ps->values > (rmax > FL_RADIX_MAX_VALUES ? rmax : FL_RADIX_MAX_VALUES);
        bad |= rmax > FL_RADIX_MAX_BLOCK || ps->values < 1;
        bad |= ps->items < 1 || ps->columns < 1;
        if (p->npasses > 1)
            bad |= ps->q > p->multi_pass_max_q;
        for (int s = 0; s < ps->nstages; s++) {
            int known = 0;
            for (const unsigned *r = lim->radices ? lim->radices : fl_radix_default; *r; r++)
                known |= *r == ps->radix[s];
            bad |= !known;
        }
    }
    ok(all == n && !bad && product(p->radix, p->nstages) == n,
       "plan N=%zu: passes multiply to N, spans, radices, items, local memory, values in range", n);
    return p->npasses;
}

/* The passes of A and B split N alike: the same Q, spans and radices (only the group
 * shapes may differ). */
static int same_split(const struct fl_radix_plan *a, const struct fl_radix_plan *b)
{
    int same = a->npasses == b->npasses && a->nstages == b->nstages &&
               memcmp(a->radix, b->radix, sizeof a->radix) == 0;
    for (int k = 0; same && k < a->npasses; k++)
        same = a->pass[k].q == b->pass[k].q && a->pass[k].span == b->pass[k].span &&
               a->pass[k].nstages == b->pass[k].nstages &&
               memcmp(a->pass[k].radix, b->pass[k].radix, sizeof a->pass[k].radix) == 0;
    return same;
}

/* A hand-made fl_tune of NCAND candidates over NPASS passes: MS[c][k] the times, SKIP[c]
 * non-zero for a candidate that was not measured. */
static void tune_fill(struct fl_tune *t, int npass, int ncand, const double ms[][3], const int *skip)
{
    memset(t, 0, sizeof *t);
    t->npass = npass;
    t->ncand = ncand;
    for (int c = 0; c < ncand; c++) {
        t->cand[c] = (struct fl_pass_shape){(size_t)128 << c, 8};
        t->skipped[c] = skip[c] ? "does not fit this plan" : NULL;
        for (int k = 0; k < npass; k++)
            t->ms[c][k] = ms[c][k];
    }
    for (int k = 0; k < FL_RADIX_MAX_PASSES; k++)
        t->best[k] = 77; /* stale: pick must overwrite every pass's */
}

int main(void)
{
    struct fl_radix_limits lim;
    struct fl_radix_plan p;
    char why[256];

    /* ---- limits: 48 KiB of local memory, fp32 and fp64; pocl's 2 MiB */
    fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
    is_int((long long)lim.local_values, 4096, "48 KiB fp32: 4096 values (the 05 cap)");
    fl_radix_limits_default(&lim, 48 * 1024, 16, 256);
    is_int((long long)lim.local_values, 48 * 1024 / 16 * 16 / 17, "48 KiB fp64: 2891 values (1/16 padding)");
    fl_radix_limits_default(&lim, 2 << 20, 16, 4096);
    is_int((long long)lim.local_values, 4096, "2 MiB fp64: still 4096");

    /* ---- which sizes */
    is_int((long long)fl_radix_leftover(720, NULL), 1, "720 is 7-smooth");
    is_int((long long)fl_radix_leftover(44, NULL), 11, "44 leaves 11");
    is_int((long long)fl_radix_leftover(2 * 11 * 13, NULL), 143, "2 x 11 x 13 leaves 143");
    is_int((long long)fl_radix_leftover(1, NULL), 1, "1 leaves 1");
    static const unsigned only2[] = {16, 8, 4, 2, 0};
    is_int((long long)fl_radix_leftover(96, only2), 3, "96 with powers of two only leaves 3");

    /* ---- factorization: prime powers in the fewest stages, exponents even */
    factors(1, NULL, "1");
    factors(2, NULL, "2");
    factors(16, NULL, "16");
    factors(32, NULL, "8 x 4");
    factors(1024, NULL, "16 x 8 x 8");
    factors(4096, NULL, "16 x 16 x 16");
    factors(720, NULL, "10 x 8 x 3 x 3");   /* a 2 with the 5 first: radix 10 */
    factors(1000, NULL, "10 x 10 x 10");
    factors(2000, NULL, "10 x 10 x 10 x 2");
    factors(250, NULL, "10 x 5 x 5");
    factors(80, NULL, "10 x 8");
    factors(2187, NULL, "3 x 3 x 3 x 3 x 3 x 3 x 3");
    factors(2401, NULL, "7 x 7 x 7 x 7");
    factors(3072, NULL, "16 x 8 x 8 x 3");
    factors(44, NULL, "(refused)");
    static const unsigned primes[] = {2, 3, 5, 7, 0};
    factors(1000, primes, "2 x 2 x 2 x 5 x 5 x 5");
    factors(1000, fl_radix_no10, "8 x 5 x 5 x 5");
    factors(720, fl_radix_no10, "16 x 3 x 3 x 5");
    factors(2187, fl_radix_with25, "27 x 9 x 9"); /* the blocks of 25 and 27 */
    factors(729, fl_radix_with25, "27 x 27");
    factors(3125, fl_radix_with25, "25 x 25 x 5");
    factors(1000, fl_radix_with25, "10 x 10 x 10");
    {
        struct fl_radix_limits lim;
        struct fl_radix_plan p;
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.radices = fl_radix_with25;
        if (plan_ok(3125, 2, &lim, &p) == 1)
            ok(p.pass[0].items == 125 && p.pass[0].values == 25,
               "3125 with blocks of 25: 125 items of 25 values (%zu of %zu)", p.pass[0].items,
               p.pass[0].values);
    }
    {
        char buf[64];
        is_str(fl_radix_list(NULL, buf, sizeof buf), "16, 10, 8, 4, 2, 3, 5, 7",
               "fl_radix_list: the defaults");
        is_str(fl_radix_list(fl_radix_no10, buf, sizeof buf), "16, 8, 4, 2, 3, 5, 7",
               "fl_radix_list: without 10");
    }
    static const unsigned six[] = {6, 16, 8, 4, 2, 3, 5, 7, 0};
    factors(216, six, "6 x 6 x 6");
    factors(72, six, "6 x 6 x 2");
    factors(60, six, "6 x 2 x 5");
    static const unsigned no4[] = {16, 2, 0}; /* no even split: largest power that fits */
    factors(64, no4, "16 x 2 x 2");
    {
        unsigned r[4];
        is_int(fl_radix_factor(3 * 3 * 3 * 3 * 3, NULL, r, 4), -1, "more stages than MAX: -1");
    }

    /* ---- plans on a GPU-like device: 48 KiB, 256 items */
    fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
    if (plan_ok(1000, 16384, &lim, &p) == 1) {
        is_int((long long)p.pass[0].items, 100, "1000: 100 items per row (one radix-10 butterfly each)");
        is_int((long long)p.pass[0].columns, 2, "1000: 2 rows per group (200 items)");
        is_int((long long)p.pass[0].values, 10, "1000: at most 10 values per item");
    }
    /* multi-pass: 10^6 = 1000 x 1000, 4 columns per group leave 64 items a column, which
     * take 100 radix-10 butterflies in 2 rounds; 50 items do the same 2 rounds, none idle */
    if (plan_ok(1000000, 16, &lim, &p) == 2) {
        ok(p.pass[0].items == 50 && p.pass[0].columns == 4 && p.pass[0].values == 20 &&
           p.pass[1].items == 50 && p.pass[1].columns == 4,
           "10^6: 50 items x 4 columns per group, 20 values each (got %zu x %zu, %zu)",
           p.pass[0].items, p.pass[0].columns, p.pass[0].values);
        struct fl_radix_limits cap = lim;
        cap.shape[0].items = 256;
        cap.shape[0].values = 16; /* a values cap is kept: 63 items, some idle */
        struct fl_radix_plan s;
        if (plan_ok(1000000, 16, &cap, &s) == 2)
            ok(s.pass[0].items == 63 && s.pass[1].items == 50,
               "10^6 with pass 0 capped at 256x16: 63 items there, 50 in pass 1 (got %zu, %zu)",
               s.pass[0].items, s.pass[1].items);
    }
    if (plan_ok(4096, 1, &lim, &p) == 1) {
        is_int((long long)p.pass[0].items, 256, "4096: 256 items");
        is_int((long long)p.pass[0].values, 16, "4096: 16 values each");
        is_int((long long)p.pass[0].columns, 1, "4096 x 1: one row per group");
    }
    plan_ok(3072, 5461, &lim, &p);
    is_int(p.npasses, 1, "3072: one pass");
    if (plan_ok(19683, 852, &lim, &p) == 2) {
        is_int((long long)p.pass[0].q, 243, "3^9: 243 x 81");
        is_int((long long)p.pass[1].q, 81, "3^9: second pass 81");
        is_int((long long)p.pass[1].span, 243, "3^9: second pass p = 243");
        ok(p.pass[0].columns >= 4 && p.pass[1].columns >= 4, "3^9: >= 4 columns per group");
    }
    if (plan_ok(1000000, 16, &lim, &p) == 2)
        ok(p.pass[0].q == 1000 && p.pass[1].q == 1000, "10^6: 1000 x 1000");
    if (plan_ok(16807, 998, &lim, &p) == 2)
        ok(p.pass[0].q == 343 && p.pass[1].q == 49, "7^5: 343 x 49");
    if (plan_ok(15625, 1073, &lim, &p) == 2)
        ok(p.pass[0].q == 125 && p.pass[1].q == 125, "5^6: 125 x 125");
    if (plan_ok((size_t)1 << 20, 1, &lim, &p) == 2)
        ok(p.pass[0].q == 1024 && p.pass[1].q == 1024, "2^20: 1024 x 1024, as in 05");
    if (plan_ok((size_t)1 << 26, 1, &lim, &p) == 3)
        ok(p.pass[0].q == 512 && p.pass[1].q == 512 && p.pass[2].q == 256, "2^26: 512 x 512 x 256");
    is_int(plan_ok(43046721, 1, &lim, &p), 3, "3^16: 3 passes");
    is_int(plan_ok(40353607, 1, &lim, &p), 3, "7^9: 3 passes of 343");
    /* fp64 on 48 KiB: 2891 values, so 3^7 = 2187 still fits one pass, 4096 does not */
    fl_radix_limits_default(&lim, 48 * 1024, 16, 256);
    is_int(plan_ok(2187, 1, &lim, &p), 1, "fp64 48 KiB: 3^7 in one pass");
    is_int(plan_ok(4096, 1, &lim, &p), 2, "fp64 48 KiB: 4096 in two passes");
    is_int(plan_ok(43046721, 1, &lim, &p), 4, "fp64 48 KiB: 3^16 needs 4 passes of <= 722");

    /* ---- per-pass shape caps (--shapes, --tune): 2^18 on 48 KiB fp32, 256 items is
     * 512 x 512 = 8 x 8 x 8 each, 8 columns of 32 items (16 values each) per group */
    {
        struct fl_radix_plan d, s;
        size_t n = (size_t)1 << 18;
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        if (plan_ok(n, 1, &lim, &d) == 2) {
            ok(d.pass[0].q == 512 && d.pass[1].q == 512, "2^18: 512 x 512");
            ok(d.pass[0].items == 32 && d.pass[0].columns == 8 && d.pass[0].values == 16 &&
               d.pass[1].items == 32 && d.pass[1].columns == 8,
               "2^18 default: 32 items x 8 columns per group in both passes (got %zu x %zu, %zu x %zu)",
               d.pass[0].items, d.pass[0].columns, d.pass[1].items, d.pass[1].columns);
        }
        /* zeros are the limits' own: the same plan, byte for byte */
        memset(&s, 0, sizeof s);
        is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), 0, "2^18 with zero shapes");
        ok(memcmp(&s, &d, sizeof s) == 0, "2^18: zero shapes are the default plan");

        /* pass 1 at 512 x 16: 512-item groups there (64 items x 8 columns), pass 0 as before */
        lim.shape[1] = (struct fl_pass_shape){512, 16};
        if (is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), 0, "2^18, pass 1 at 512x16")) {
            ok(same_split(&s, &d), "2^18, pass 1 at 512x16: the same Q split and radices");
            ok(s.pass[0].items == d.pass[0].items && s.pass[0].columns == d.pass[0].columns &&
               s.pass[0].values == d.pass[0].values, "2^18, pass 1 at 512x16: pass 0 keeps its default");
            ok(s.pass[1].items * s.pass[1].columns == 512, "2^18, pass 1 at 512x16: 512-item groups in pass 1 (got %zu x %zu)",
               s.pass[1].items, s.pass[1].columns);
            ok(s.pass[1].items == 64 && s.pass[1].columns == 8 && s.pass[1].values == 8,
               "2^18, pass 1 at 512x16: 64 items per column (one radix-8 butterfly each), 8 columns");
        } else {
            diag("why: %s", why);
        }

        /* pass 0 at 256 x 4: at least 512 / 4 = 128 items per column, so 2 columns */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.shape[0] = (struct fl_pass_shape){256, 4};
        if (is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), 0, "2^18, pass 0 at 256x4")) {
            ok(same_split(&s, &d), "2^18, pass 0 at 256x4: the same Q split");
            ok(s.pass[0].items == 128 && s.pass[0].columns == 2,
               "2^18, pass 0 at 256x4: 128 items per column (512 / 4), 2 columns (got %zu x %zu)",
               s.pass[0].items, s.pass[0].columns);
            ok(s.pass[1].items == d.pass[1].items && s.pass[1].columns == d.pass[1].columns,
               "2^18, pass 0 at 256x4: pass 1 keeps its default");
        } else {
            diag("why: %s", why);
        }

        /* a cap of items alone (values 0: the limits' 16), smaller groups: 64 x 16 */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.shape[0] = (struct fl_pass_shape){64, 0};
        lim.shape[1] = (struct fl_pass_shape){64, 16};
        if (is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), 0, "2^18 at 64x0,64x16")) {
            ok(same_split(&s, &d), "2^18 at 64x0,64x16: the same Q split");
            ok(s.pass[0].items == 32 && s.pass[0].columns == 2 && s.pass[1].items == 32 &&
               s.pass[1].columns == 2, "2^18 at 64x0,64x16: 32 items x 2 columns in both passes");
        } else {
            diag("why: %s", why);
        }

        /* a shape past the plan's passes changes nothing */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.shape[2] = (struct fl_pass_shape){64, 4};
        lim.shape[FL_RADIX_MAX_PASSES - 1] = (struct fl_pass_shape){1, 1};
        is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), 0, "2^18 with shapes for passes 2 and 7");
        ok(memcmp(&s, &d, sizeof s) == 0, "2^18: shapes of passes it does not have change nothing");

        /* a single pass does whole rows: its shape cap is not used */
        struct fl_radix_plan one, one_s;
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        is_int(fl_radix_plan_make(4096, 3, &lim, &one, why, sizeof why), 0, "4096 x 3, default");
        lim.shape[0] = (struct fl_pass_shape){64, 4};
        is_int(fl_radix_plan_make(4096, 3, &lim, &one_s, why, sizeof why), 0, "4096 x 3, shape 64x4 on pass 0");
        ok(one_s.npasses == 1 && memcmp(&one, &one_s, sizeof one) == 0,
           "4096 x 3: one pass, the shape of pass 0 is not used");

        /* a strided axis takes its shape even in a single pass (8 columns of 32 by default) */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.shape[0] = (struct fl_pass_shape){64, 16};
        is_int(fl_radix_plan_strided(512, 1, 512, &lim, &s, why, sizeof why), 0, "strided 512 at 64x16");
        ok(s.npasses == 1 && s.pass[0].items == 32 && s.pass[0].columns == 2,
           "strided 512 at 64x16: 2 columns of 32 items (got T %zu, I %zu)", s.pass[0].columns,
           s.pass[0].items);

        /* a cap the pass cannot keep: an error naming the pass */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.shape[1] = (struct fl_pass_shape){16, 16};
        why[0] = '\0';
        is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), -1,
               "2^18, pass 1 at 16x16: 512 / 16 = 32 items per column, more than 16: refused");
        has_substr(why, "pass 1", "... naming pass 1");
        has_substr(why, "Q = 512", "... and its Q");
        has_substr(why, "32 work-items per column", "... and the items a column needs");
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        lim.shape[0] = (struct fl_pass_shape){64, 4};
        why[0] = '\0';
        is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), -1,
               "2^18, pass 0 at 64x4: 128 items per column, more than 64: refused");
        has_substr(why, "pass 0", "... naming pass 0");
        /* the default limits' own cap is not the group's: 512 x 16 lifts --wg 256 */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 32);
        lim.shape[0] = (struct fl_pass_shape){512, 16};
        lim.shape[1] = (struct fl_pass_shape){512, 16};
        is_int(fl_radix_plan_make(n, 1, &lim, &s, why, sizeof why), 0, "2^18 at --wg 32 with 512x16 shapes");
        ok(s.pass[0].items * s.pass[0].columns > 32, "... the shape's 512 items, not --wg's 32, cap the groups");
    }

    /* ---- fl_tune_pick: per pass the measured candidate with the least time */
    {
        struct fl_tune t;
        /* candidate 0 is fastest everywhere but skipped; pass 0 ties between 1 and 3 */
        static const double ms[4][3] = {{0.1, 0.1, 0.1}, {2.0, 5.0, 1.0}, {3.0, 4.0, 9.0}, {2.0, 1.0, 1.0}};
        static const int skip_first[4] = {1, 0, 0, 0};
        tune_fill(&t, 3, 4, ms, skip_first);
        fl_tune_pick(&t);
        is_int(t.best[0], 1, "tune pick: pass 0, a tie between 1 and 3 goes to the earlier");
        is_int(t.best[1], 3, "tune pick: pass 1, the least time (3)");
        is_int(t.best[2], 1, "tune pick: pass 2, a tie again: 1");
        ok(t.best[0] != 0 && t.best[1] != 0 && t.best[2] != 0, "tune pick: the skipped candidate never kept");
        is_int(t.best[3], 77, "tune pick: passes past npass untouched");
        /* nothing skipped: candidate 0 everywhere */
        static const int none[4] = {0, 0, 0, 0};
        tune_fill(&t, 3, 4, ms, none);
        fl_tune_pick(&t);
        ok(t.best[0] == 0 && t.best[1] == 0 && t.best[2] == 0, "tune pick: nothing skipped, 0 is fastest");
        /* every candidate skipped: -1 for each pass */
        static const int all[4] = {1, 1, 1, 1};
        tune_fill(&t, 2, 4, ms, all);
        fl_tune_pick(&t);
        ok(t.best[0] == -1 && t.best[1] == -1, "tune pick: all skipped, -1 per pass (got %d, %d)",
           t.best[0], t.best[1]);
        /* one candidate measured among skipped ones, even when slowest */
        static const int only2[4] = {1, 1, 0, 1};
        tune_fill(&t, 3, 4, ms, only2);
        fl_tune_pick(&t);
        ok(t.best[0] == 2 && t.best[1] == 2 && t.best[2] == 2, "tune pick: the only measured one, kept");
        /* the last candidate wins when it is fastest (the loop reaches the end) */
        static const double later[3][3] = {{1.0, 1.0, 0}, {1.0, 0.5, 0}, {0.5, 0.25, 0}};
        tune_fill(&t, 2, 3, later, none);
        fl_tune_pick(&t);
        ok(t.best[0] == 2 && t.best[1] == 2, "tune pick: the last candidate, fastest, kept");
        /* no passes: nothing picked, nothing written */
        tune_fill(&t, 0, 3, later, none);
        fl_tune_pick(&t);
        is_int(t.best[0], 77, "tune pick: npass 0 writes nothing");
    }

    /* ---- small groups: --wg 1 makes each pass a single item's registers (<= 16) */
    fl_radix_limits_default(&lim, 48 * 1024, 8, 1);
    if (plan_ok(4096, 1, &lim, &p) == 3)
        ok(p.pass[0].items == 1 && p.pass[0].columns == 1, "--wg 1: 16 x 16 x 16, one item");
    fl_radix_limits_default(&lim, 48 * 1024, 8, 1);
    is_int(fl_radix_plan_make(40353607, 1, &lim, &p, why, sizeof why), -1, "7^9 at --wg 1: too many passes");
    has_substr(why, "passes", "... and says so");

    /* ---- refusals */
    fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
    is_int(fl_radix_plan_make(44, 1, &lim, &p, why, sizeof why), -1, "44 refused");
    has_substr(why, "11", "... naming the factor 11");
    is_int(fl_radix_plan_make(1, 1, &lim, &p, why, sizeof why), 0, "N = 1: a plan of no passes");
    is_int(p.npasses, 0, "N = 1: 0 passes");

    /* ---- digit reversal: ARM's map_n_to_k iteration gives the same permutation */
    {
        static const unsigned r23[] = {2, 3}, r32[] = {3, 2}, r435[] = {4, 3, 5};
        size_t want23[] = {0, 3, 1, 4, 2, 5}, want32[] = {0, 2, 4, 1, 3, 5};
        int good = 1;
        for (size_t m = 0; m < 6; m++)
            good &= fl_digit_reverse(m, r23, 2) == want23[m] && fl_digit_reverse(m, r32, 2) == want32[m];
        ok(good, "digit reversal of 2 x 3 is 0 3 1 4 2 5, of 3 x 2 is 0 2 4 1 3 5");
        is_int((long long)fl_digit_reverse(1, r435, 3), 15, "4 x 3 x 5: idx(1) = 60/4");
        is_int((long long)fl_digit_reverse(4, r435, 3), 5, "4 x 3 x 5: idx(4) = 60/12");
        static const unsigned bits[] = {2, 2, 2, 2};
        good = 1;
        for (size_t m = 0; m < 16; m++) {
            size_t rev = ((m & 1) << 3) | ((m & 2) << 1) | ((m & 4) >> 1) | ((m & 8) >> 3);
            good &= fl_digit_reverse(m, bits, 4) == rev;
        }
        ok(good, "radix 2 everywhere: the bit reversal");
        /* a permutation, and the seed's iteration k = (k*Ny) % Ni + (k/Nx) % Ny + Ni*(k/Ni) */
        static const unsigned mix[] = {7, 2, 2, 3, 5};
        size_t n = 420;
        unsigned char seen[420] = {0};
        int perm = 1, same = 1;
        for (size_t m = 0; m < n; m++) {
            size_t k = fl_digit_reverse(m, mix, 5);
            perm &= k < n && !seen[k];
            if (k < n)
                seen[k] = 1;
            size_t kk = m, nx = mix[0];
            for (int s = 1; s < 5; s++) {
                size_t ny = mix[s], ni = nx * ny;
                kk = (kk * ny) % ni + (kk / nx) % ny + ni * (kk / ni);
                nx *= ny;
            }
            same &= kk == k;
        }
        ok(perm, "7 x 2 x 2 x 3 x 5: a permutation of 0 .. 419");
        ok(same, "7 x 2 x 2 x 3 x 5: equals the iterated index map of ARM's article");
    }

    /* ---- strided axes (chapter 07's outer axes): every pass keeps >= 4 neighbouring
     * columns, so one pass only up to multi_pass_max_q (1024 here) */
    {
        struct fl_radix_plan q;
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        is_int(fl_radix_plan_strided(512, 1, 512, &lim, &q, why, sizeof why), 0, "strided 512 at stride 512");
        ok(q.npasses == 1 && q.pass[0].columns == 8 && q.pass[0].items == 32,
           "strided 512: 1 pass, 8 columns of 32 items (got %d passes, T %zu, I %zu)", q.npasses,
           q.pass[0].columns, q.pass[0].items);
        is_int(fl_radix_plan_strided(1024, 1, 1024, &lim, &q, why, sizeof why), 0, "strided 1024");
        ok(q.npasses == 1 && q.pass[0].columns == 4, "strided 1024: 1 pass, 4 columns");
        is_int(fl_radix_plan_strided(4096, 1, 4096, &lim, &q, why, sizeof why), 0, "strided 4096");
        ok(q.npasses == 2 && q.pass[0].q == 64 && q.pass[1].q == 64 && q.pass[0].columns == 64 &&
           q.pass[1].span == 64, "strided 4096: 2 passes of 64, 64 columns per group (rows: 1 pass)");
        is_int(fl_radix_plan_strided(64, 2, 7, &lim, &q, why, sizeof why), 0, "strided 64, stride 7, 2 lines");
        ok(q.npasses == 1 && q.pass[0].columns == 14, "... T is at most the 2 x 7 columns there are");
        int same = 1;
        static const size_t sizes[] = {1, 8, 720, 4096, 1000000, (size_t)1 << 20};
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            memset(&p, 0, sizeof p);
            memset(&q, 0, sizeof q);
            int a = fl_radix_plan_make(sizes[i], 3, &lim, &p, why, sizeof why);
            int b = fl_radix_plan_strided(sizes[i], 3, 1, &lim, &q, why, sizeof why);
            same &= a == b && memcmp(&p, &q, sizeof p) == 0;
        }
        ok(same, "stride 1 is fl_radix_plan_make");
        int good = 1;
        static const size_t axes[] = {2, 3, 7, 16, 125, 343, 1000, 2048, 3 * 5 * 7 * 16, 65536};
        for (size_t i = 0; i < sizeof axes / sizeof axes[0]; i++) {
            if (fl_radix_plan_strided(axes[i], 2, 64, &lim, &q, why, sizeof why) != 0) {
                good = 0;
                diag("strided %zu: %s", axes[i], why);
                continue;
            }
            size_t all = 1;
            for (int k = 0; k < q.npasses; k++) {
                all *= q.pass[k].q;
                good &= q.pass[k].columns >= 4 && q.pass[k].q <= q.multi_pass_max_q &&
                        q.pass[k].q * q.pass[k].columns <= lim.local_values &&
                        q.pass[k].items * q.pass[k].columns <= lim.max_items;
            }
            good &= all == axes[i];
        }
        ok(good, "strided axes 2 .. 65536 at stride 64: >= 4 columns per pass, Q <= 1024, limits kept");

        /* columns in parts (max_parts, set by axis_plan for 07's fft_parts_<a>_p0) */
        struct fl_radix_limits pl = lim;
        pl.max_parts = 4;
        is_int(fl_radix_plan_strided(4096, 1, 4096, &pl, &q, why, sizeof why), 0, "parts: strided 4096");
        ok(q.npasses == 1 && q.pass[0].parts == 4 && q.pass[0].columns == 4 && q.pass[0].items == 64 &&
           q.pass[0].values == 64, "parts: 4096 is 1 pass, 4 columns of 64 items holding 64 values, "
           "exchanged in 4 parts (got %d passes, B %zu, T %zu, I %zu, %zu values)", q.npasses,
           q.pass[0].parts, q.pass[0].columns, q.pass[0].items, q.pass[0].values);
        {
            int kst = 0;
            ok(!fl_radix_pass_row_parts(&q.pass[0]) && fl_radix_pass_kernel_q(&q.pass[0], &kst) == 4096 &&
               kst == q.pass[0].nstages, "parts: columns in parts are no row in parts; the kernel "
               "gets the whole Q and every stage");
        }
        is_int((long long)fl_radix_pass_local_values(&q.pass[0]), 4096 + 256,
               "parts: local memory for one part (one column, padded)");
        is_int(fl_radix_plan_strided(2048, 2, 8, &pl, &q, why, sizeof why), 0, "parts: strided 2048");
        ok(q.npasses == 1 && q.pass[0].parts == 2 && q.pass[0].columns == 4 && q.pass[0].items == 64 &&
           q.pass[0].values == 32, "parts: 2048 is 2 parts of 2 columns, 64 items of 32 values "
           "(got B %zu, T %zu, I %zu, %zu values)", q.pass[0].parts, q.pass[0].columns,
           q.pass[0].items, q.pass[0].values);
        is_int(fl_radix_plan_strided(2048, 2, 6, &pl, &q, why, sizeof why), 0, "parts: 2048 at stride 6");
        ok(q.npasses == 2 && q.pass[0].parts == 1,
           "parts: not where the 4 columns of a group are no aligned run (stride 6): two passes");
        is_int(fl_radix_plan_strided(4096, 1, 2, &pl, &q, why, sizeof why), 0, "parts: 4096 at stride 2");
        ok(q.npasses == 1 && q.pass[0].parts == 2 && q.pass[0].columns == 2,
           "parts: 2 columns in all: 2 parts of 1");
        is_int(fl_radix_plan_strided(1024, 1, 1024, &pl, &q, why, sizeof why), 0, "parts: strided 1024");
        ok(q.npasses == 1 && q.pass[0].parts == 1 && q.pass[0].columns == 4,
           "parts: 1024 fits 4 columns in local memory, no parts");
        is_int(fl_radix_plan_strided(8192, 1, 64, &pl, &q, why, sizeof why), 0, "parts: strided 8192");
        ok(q.npasses == 2 && q.pass[0].parts == 1 && q.pass[1].parts == 1,
           "parts: 8192 does not fit local memory as one column: passes as before");
        is_int(fl_radix_plan_strided(3072, 1, 64, &pl, &q, why, sizeof why), 0, "parts: strided 3072");
        ok(q.npasses == 1 && q.pass[0].parts == 4 && q.pass[0].values == 48,
           "parts: 3072 = 16 x 16 x 4 x 3 in parts, 48 values per item");
        is_int(fl_radix_plan_strided(4000, 1, 64, &pl, &q, why, sizeof why), 0, "parts: strided 4000");
        ok(q.npasses == 2 && q.pass[0].parts == 1,
           "parts: 4000 (70 values per item in a group of 256, more than 64) takes two passes");
        is_int(fl_radix_plan_make(4096, 4, &pl, &q, why, sizeof why), 0, "parts: rows of 4096");
        ok(q.npasses == 1 && q.pass[0].parts == 1, "parts: never for rows");
        struct fl_radix_limits pd;
        fl_radix_limits_default(&pd, 48 * 1024, 16, 256);
        pd.max_parts = 4;
        is_int(fl_radix_plan_strided(1024, 1, 1024, &pd, &q, why, sizeof why), 0, "parts: fp64 1024");
        ok(q.npasses == 1 && q.pass[0].parts == 2 && q.pass[0].columns == 4 && q.pass[0].values <= 32,
           "parts: fp64 1024 on 48 KiB (2891 local values) is 2 parts of 2 columns, at most 512 "
           "bytes per item (got %d passes, B %zu, %zu values)", q.npasses, q.pass[0].parts,
           q.pass[0].values);
        is_int(fl_radix_plan_strided(2048, 1, 2048, &pd, &q, why, sizeof why), 0, "parts: fp64 2048");
        ok(q.npasses == 1 && q.pass[0].parts == 4 && q.pass[0].values == 32,
           "parts: fp64 2048 is 4 parts of 1 column, 32 values (512 bytes) per item");
        is_int(fl_radix_plan_strided(3000, 1, 2048, &pd, &q, why, sizeof why), 0, "parts: fp64 3000");
        ok(q.npasses == 2, "parts: fp64 3000 (more than 2891 local values) takes two passes");
        struct fl_radix_limits ps = pl;
        ps.shape[0] = (struct fl_pass_shape){1024, 16};
        is_int(fl_radix_plan_strided(4096, 1, 4096, &ps, &q, why, sizeof why), 0, "parts: 4096 with 1024x16");
        ok(q.npasses == 1 && q.pass[0].parts == 4 && q.pass[0].items == 256 && q.pass[0].values == 16,
           "parts: a 1024x16 shape gives 256 items of 16 values per column (got B %zu, I %zu, %zu values)",
           q.pass[0].parts, q.pass[0].items, q.pass[0].values);
        ps.shape[0] = (struct fl_pass_shape){128, 16};
        is_int(fl_radix_plan_strided(4096, 1, 4096, &ps, &q, why, sizeof why), -1,
               "parts: a 128x16 shape cannot hold 4 columns of 4096: an error, not other passes");
        has_substr(why, "pass 0 (Q = 4096, 4 columns in 4 parts)", "... naming the pass");
        good = 1;
        for (size_t n = 1025; n <= 4096; n++) {
            if (fl_radix_leftover(n, NULL) != 1)
                continue;
            if (fl_radix_plan_strided(n, 3, 8, &pl, &q, why, sizeof why) != 0) {
                good = 0;
                diag("parts %zu: %s", n, why);
                continue;
            }
            const struct fl_radix_pass *a = &q.pass[0];
            if (a->parts > 1)
                good &= q.npasses == 1 && a->q == n && a->columns % a->parts == 0 &&
                        a->columns == 4 && a->parts <= 4 && a->values <= 64 &&
                        a->columns / a->parts * n <= pl.local_values &&
                        a->items * a->columns <= pl.max_items;
            else
                good &= q.npasses >= 2;
        }
        ok(good, "parts: every 7-smooth 1024 < N <= 4096 at stride 8 is one pass in parts within the "
           "limits, or two passes");
    }

    /* ---- the last of two passes in parts (last_parts, set by chapter 06 for
     * fft_mixed_parts_p<k>) */
    {
        struct fl_radix_limits ll;
        struct fl_radix_plan q;
        fl_radix_limits_default(&ll, 48 * 1024, 8, 256);
        is_int(fl_radix_plan_make(1 << 21, 8, &ll, &q, why, sizeof why), 0, "last parts off: 2^21");
        ok(q.npasses == 3, "last parts off (the default limits): 2^21 is three passes (got %d)", q.npasses);
        ll.last_parts = 4;
        is_int(fl_radix_plan_make(1 << 21, 8, &ll, &q, why, sizeof why), 0, "last parts: 2^21");
        ok(q.npasses == 2 && q.pass[0].q == 1024 && q.pass[0].parts == 1 && q.pass[0].columns == 4 &&
           q.pass[1].q == 2048 && q.pass[1].span == 1024 && q.pass[1].parts == 2 &&
           q.pass[1].columns == 4 && q.pass[1].items * q.pass[1].columns <= 256 &&
           q.pass[1].values <= 64 && !fl_radix_pass_row_parts(&q.pass[1]),
           "last parts: 2^21 is 1024 x 2048, the last pass's 4 columns in 2 parts (got %d passes, "
           "Q %zu x %zu, B %zu, T %zu, I %zu, %zu values)", q.npasses, q.pass[0].q, q.pass[1].q,
           q.pass[1].parts, q.pass[1].columns, q.pass[1].items, q.pass[1].values);
        is_int((long long)fl_radix_pass_local_values(&q.pass[1]), 4096 + 256,
               "last parts: local memory for one part (2 columns of 2048, padded)");
        is_int(fl_radix_plan_make(1 << 22, 1, &ll, &q, why, sizeof why), 0, "last parts: 2^22");
        ok(q.npasses == 2 && q.pass[0].q == 2048 && q.pass[0].parts == 2 && q.pass[0].columns == 4 &&
           q.pass[1].q == 2048 && q.pass[1].parts == 2,
           "last parts: 2^22 is 2048 x 2048, both in 2 parts (4 parts in all, not 1 + 4 as 1024 x 4096)");
        is_int(fl_radix_plan_make(1 << 23, 1, &ll, &q, why, sizeof why), 0, "last parts: 2^23");
        ok(q.npasses == 2 && q.pass[0].q == 2048 && q.pass[0].parts == 2 && q.pass[1].q == 4096 &&
           q.pass[1].parts == 4, "last parts: 2^23 is 2048 x 4096 (the larger Q last)");
        is_int(fl_radix_plan_make(1 << 20, 16, &ll, &q, why, sizeof why), 0, "last parts: 2^20");
        ok(q.npasses == 2 && q.pass[1].parts == 1, "last parts: 2^20 takes two passes anyway, none in parts");
        is_int(fl_radix_plan_make((size_t)1 << 24, 1, &ll, &q, why, sizeof why), 0, "last parts: 2^24");
        ok(q.npasses == 3, "last parts: 2^24 would need a first pass in 4 parts: three passes");
        is_int(fl_radix_plan_strided(1 << 21, 1, 64, &ll, &q, why, sizeof why), 0, "last parts: strided 2^21");
        ok(q.npasses == 3, "last parts: never for a strided axis");
    }

    /* ---- N = 2^a in two passes, the longer first (long_first, set by chapter 06) */
    {
        struct fl_radix_limits lf;
        struct fl_radix_plan q;
        fl_radix_limits_default(&lf, 48 * 1024, 8, 256);
        lf.last_parts = 4;
        lf.long_first = 256;
        static const struct {
            int log2n;
            size_t q0, q1, b0, b1;
        } want[] = {
            {16, 256, 256, 1, 1},   /* Q1 = 256 at least, and at most Q0 */
            {17, 512, 256, 1, 1},
            {18, 1024, 256, 1, 1},  /* was 512 x 512 */
            {19, 2048, 256, 2, 1},  /* was 1024 x 512: the first in 2 parts */
            {20, 2048, 512, 2, 1},  /* was 1024 x 1024 */
            {21, 2048, 1024, 2, 1}, /* was 1024 x 2048 (parted_split) */
            {22, 2048, 2048, 2, 2}, /* as parted_split: 4096 first would take 4 parts */
            {23, 2048, 4096, 2, 4}, /* the last may be longer where no first pass fits */
        };
        for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
            size_t n = (size_t)1 << want[k].log2n;
            is_int(fl_radix_plan_make(n, 1, &lf, &q, why, sizeof why), 0, "long first: 2^%d",
                   want[k].log2n);
            ok(q.npasses == 2 && q.pass[0].q == want[k].q0 && q.pass[1].q == want[k].q1 &&
               q.pass[0].parts == want[k].b0 && q.pass[1].parts == want[k].b1 &&
               q.pass[1].span == want[k].q0,
               "long first: 2^%d is %zu x %zu in %zu and %zu parts (got %d passes, %zu x %zu, %zu "
               "and %zu)", want[k].log2n, want[k].q0, want[k].q1, want[k].b0, want[k].b1,
               q.npasses, q.pass[0].q, q.pass[1].q, q.pass[0].parts, q.pass[1].parts);
        }
        is_int(fl_radix_plan_make(1 << 15, 1, &lf, &q, why, sizeof why), 0, "long first: 2^15");
        ok(q.npasses == 2 && q.pass[0].q == 256 && q.pass[1].q == 128,
           "long first: 2^15 has no split with Q1 >= 256 <= Q0: as before, 256 x 128");
        is_int(fl_radix_plan_make((size_t)1 << 24, 1, &lf, &q, why, sizeof why), 0, "long first: 2^24");
        ok(q.npasses == 3, "long first: 2^24 stays three passes");
        is_int(fl_radix_plan_make(3 << 19, 1, &lf, &q, why, sizeof why), 0, "long first: 3 x 2^19");
        ok(q.npasses == 2 && q.pass[0].q == 768 && q.pass[1].q == 2048,
           "long first: only N = 2^a (3 x 2^19 stays 768 x 2048)");
        is_int(fl_radix_plan_strided(1 << 20, 1, 64, &lf, &q, why, sizeof why), 0,
               "long first: strided 2^20");
        ok(q.npasses == 2 && q.pass[0].q == 1024 && q.pass[1].q == 1024,
           "long first: never for a strided axis (1024 x 1024)");
        lf.long_first = 0;
        is_int(fl_radix_plan_make(1 << 20, 1, &lf, &q, why, sizeof why), 0, "long first off: 2^20");
        ok(q.npasses == 2 && q.pass[0].q == 1024 && q.pass[1].q == 1024,
           "long first off (the default limits): 2^20 is 1024 x 1024");
    }

    /* ---- a row in parts (max_row_parts, set by chapter 06 for fft_row_parts_p0) */
    {
        struct fl_radix_limits rl;
        struct fl_radix_plan q;
        fl_radix_limits_default(&rl, 48 * 1024, 8, 256);
        is_int(fl_radix_plan_make(16384, 4, &rl, &q, why, sizeof why), 0, "row parts off: 16384");
        ok(q.npasses == 2 && q.pass[0].parts == 1, "row parts off (the default limits): 16384 is two passes");
        rl.max_row_parts = 4;
        is_int(fl_radix_plan_make(16384, 4, &rl, &q, why, sizeof why), 0, "row parts: 16384");
        ok(q.npasses == 1 && q.pass[0].q == 16384 && q.pass[0].parts == 4 && q.pass[0].columns == 1 &&
           q.pass[0].items == 256 && q.pass[0].values == 64,
           "row parts: 16384 is one pass of 4 parts, a row of 256 items holding 64 values (got %d "
           "passes, B %zu, T %zu, I %zu, %zu values)", q.npasses, q.pass[0].parts,
           q.pass[0].columns, q.pass[0].items, q.pass[0].values);
        char list[64];
        fl_radix_join(q.pass[0].radix, q.pass[0].nstages, list, sizeof list);
        is_str(list, "16 x 16 x 16 x 4", "row parts: a part's stages, then radix 4 across the parts");
        is_int(q.nstages, 4, "row parts: the plan lists the 4 stages");
        int kst = 0;
        ok(fl_radix_pass_row_parts(&q.pass[0]) && fl_radix_pass_kernel_q(&q.pass[0], &kst) == 4096 &&
           kst == 3, "row parts: the kernel is built with one part's Q (4096) and 3 stages (got %d)",
           kst);
        is_int((long long)fl_radix_pass_local_values(&q.pass[0]), 4096 + 256,
               "row parts: local memory for one part (4096 values, padded)");
        is_int(fl_radix_plan_make(8192, 1, &rl, &q, why, sizeof why), 0, "row parts: 8192");
        ok(q.npasses == 1 && q.pass[0].parts == 2 && q.pass[0].values == 32,
           "row parts: 8192 is 2 parts of 4096, 32 values per item");
        is_int(fl_radix_plan_make(12288, 1, &rl, &q, why, sizeof why), 0, "row parts: 12288");
        ok(q.npasses == 1 && q.pass[0].parts == 3, "row parts: 12288 is 3 parts (radix 3 across them)");
        is_int(fl_radix_plan_make(4096, 8, &rl, &q, why, sizeof why), 0, "row parts: 4096");
        ok(q.npasses == 1 && q.pass[0].parts == 1 && q.pass[0].q == 4096 && q.pass[0].values <= 16,
           "row parts: 4096 fits local memory, a whole row as before");
        is_int(fl_radix_plan_make(32768, 1, &rl, &q, why, sizeof why), 0, "row parts: 32768");
        ok(q.npasses == 2 && q.pass[0].parts == 1, "row parts: 32768 needs 8 parts (more than 4): two passes");
        is_int(fl_radix_plan_strided(8192, 1, 64, &rl, &q, why, sizeof why), 0, "row parts: strided 8192");
        ok(q.npasses == 2 && q.pass[0].parts == 1, "row parts: never for a strided axis");
        struct fl_radix_limits r64 = rl;
        r64.max_items = 64;
        is_int(fl_radix_plan_make(16384, 1, &r64, &q, why, sizeof why), 0, "row parts: 16384 at 64 items");
        ok(q.npasses >= 2 && q.pass[0].parts == 1,
           "row parts: 64 items would hold 64 values of each part (more than 24): passes as before");
        struct fl_radix_limits rd;
        fl_radix_limits_default(&rd, 48 * 1024, 16, 256);
        rd.max_row_parts = 4;
        is_int(fl_radix_plan_make(8192, 1, &rd, &q, why, sizeof why), 0, "row parts: fp64 8192");
        ok(q.npasses == 2, "row parts: fp64 8192 (4 parts of 2048, 64 values: more than 32) takes two passes");
        is_int(fl_radix_plan_make(5000, 1, &rd, &q, why, sizeof why), 0, "row parts: fp64 5000");
        ok(q.npasses == 1 && q.pass[0].parts == 2 && q.pass[0].values == 20,
           "row parts: fp64 5000 is 2 parts of 2500, 20 values per item (got B %zu, %zu values)",
           q.pass[0].parts, q.pass[0].values);
        int good = 1;
        for (size_t n = 4097; n <= 16384; n++) {
            if (fl_radix_leftover(n, NULL) != 1)
                continue;
            if (fl_radix_plan_make(n, 2, &rl, &q, why, sizeof why) != 0) {
                good = 0;
                diag("row parts %zu: %s", n, why);
                continue;
            }
            const struct fl_radix_pass *a = &q.pass[0];
            size_t all = 1;
            for (int s = 0; s < a->nstages; s++)
                all *= a->radix[s];
            if (a->parts > 1)
                good &= q.npasses == 1 && a->q == n && all == n && a->parts <= 4 &&
                        a->radix[a->nstages - 1] == a->parts && n % a->parts == 0 &&
                        n / a->parts <= rl.local_values && a->items <= rl.max_items &&
                        a->values <= 64 && a->values % a->parts == 0 &&
                        a->values / a->parts <= FL_RADIX_MAX_VALUES;
            else
                good &= q.npasses >= 2;
        }
        ok(good, "row parts: every 7-smooth 4096 < N <= 16384 is one pass in parts within the limits "
           "(its last stage the parts' radix), or two passes");

        /* parts of up to twice local memory, exchanged in halves (row_halves, chapter 06) */
        static const unsigned r9[] = {16, 10, 9, 8, 4, 2, 3, 5, 7, 0};
        struct fl_radix_limits rh = rl;
        rh.radices = r9;
        rh.max_row_parts = 8;
        rh.max_row_items = 1024;
        rh.max_row_rounds = 24;
        is_int(fl_radix_plan_make(13122, 2, &rh, &q, why, sizeof why), 0, "halves off: 13122");
        ok(q.npasses == 2 && !q.pass[0].halves, "halves off: 13122 (2 x 6561: a part over 4096) is two passes");
        rh.row_halves = 24;
        is_int(fl_radix_plan_make(13122, 2, &rh, &q, why, sizeof why), 0, "halves: 13122");
        ok(q.npasses == 1 && q.pass[0].parts == 2 && q.pass[0].halves && q.pass[0].items == 729 &&
           q.pass[0].values == 18, "halves: 13122 is 2 parts of 6561 in halves, 729 items of 18 values "
           "(got %d passes, B %zu, halves %d, I %zu, %zu values)", q.npasses, q.pass[0].parts,
           q.pass[0].halves, q.pass[0].items, q.pass[0].values);
        is_int((long long)fl_radix_pass_local_values(&q.pass[0]), (6561 + 410 + 1) / 2,
               "halves: local memory for half a part (6971 reals = 3486 values, rounded up)");
        is_int(fl_radix_plan_make(19683, 2, &rh, &q, why, sizeof why), 0, "halves: 19683");
        ok(q.npasses == 2 && !q.pass[0].halves, "halves: 19683 (3 parts of 6561: 27 values per item, "
           "more than 24, and no smaller group allowed) is two passes");
        rh.row_halves_items = 384;
        rh.row_halves_values = 54;
        is_int(fl_radix_plan_make(19683, 2, &rh, &q, why, sizeof why), 0, "halves, smaller group: 19683");
        ok(q.npasses == 1 && q.pass[0].parts == 3 && q.pass[0].halves && q.pass[0].items == 365 &&
           q.pass[0].values == 54, "halves, smaller group: 19683 is 3 parts of 6561 by 365 items of 54 "
           "values (got %d passes, I %zu, %zu values)", q.npasses, q.pass[0].items, q.pass[0].values);
        is_int(fl_radix_plan_make(13122, 2, &rh, &q, why, sizeof why), 0, "halves, smaller group: 13122");
        ok(q.pass[0].items == 729, "halves, smaller group: 13122 keeps its 729 items (18 values each)");
        rh.row_halves_values = 48;
        is_int(fl_radix_plan_make(19683, 2, &rh, &q, why, sizeof why), 0, "halves, 48 values: 19683");
        ok(q.npasses == 2, "halves, smaller group of at most 48 values: 19683 is two passes");
        is_int(fl_radix_plan_make(12288, 2, &rh, &q, why, sizeof why), 0, "halves: 12288");
        ok(q.npasses == 1 && q.pass[0].parts == 3 && !q.pass[0].halves,
           "halves: not where parts fit local memory (12288 = 3 parts of 4096, whole)");
    }

    /* ---- Bluestein's convolution length (chapter 08) */
    {
        is_int((long long)fl_smooth_at_least(1, NULL), 1, "smooth >= 1: 1");
        is_int((long long)fl_smooth_at_least(11, NULL), 12, "smooth >= 11: 12");
        is_int((long long)fl_smooth_at_least(2017, NULL), 2025, "smooth >= 2017: 2025 = 3^4 x 5^2");
        is_int((long long)fl_smooth_at_least(131041, NULL), 131072, "smooth >= 131041: 2^17");
        is_int((long long)fl_smooth_at_least(2097165, NULL), 2099520, "smooth >= 2^21 + 13: 2099520 = 2^6 x 3^8 x 5");
        is_int((long long)fl_smooth_at_least(97, only2), 128, "powers of two only: 97 -> 128");
        int smooth_ok = 1;
        for (size_t n = 1; n <= 5000; n++) {
            size_t m = fl_smooth_at_least(n, NULL), k;
            smooth_ok &= m >= n && fl_radix_leftover(m, NULL) == 1;
            for (k = n; k < m && smooth_ok; k++)
                smooth_ok &= fl_radix_leftover(k, NULL) != 1;
        }
        ok(smooth_ok, "fl_smooth_at_least(n) for n <= 5000: 7-smooth, and nothing smaller is");

        struct fl_radix_plan bp;
        fl_radix_limits_default(&lim, 48 * 1024, 8, 256);
        is_int((long long)fl_bluestein_length(1, 1, &lim, 4, &bp, why, sizeof why), 1, "N = 1: M = 1");
        is_int(bp.npasses, 0, "N = 1: no pass");
        is_int((long long)fl_bluestein_length(2, 1, &lim, 4, &bp, why, sizeof why), 3, "N = 2: M = 3");
        /* 2025 = 3^4 5^2 is the smallest 7-smooth length, in 6 stages; 2048 takes 3 */
        is_int((long long)fl_bluestein_length(1009, 16384, &lim, 4, &bp, why, sizeof why), 2048,
               "N = 1009: M = 2048 (not 2025: 6 stages against 3)");
        ok(bp.npasses == 1 && bp.nstages == 3, "N = 1009: one pass, 16 x 16 x 8");
        is_int((long long)fl_bluestein_length(1000, 1, &lim, 4, &bp, why, sizeof why), 2048,
               "N = 1000: M = 2048");
        is_int((long long)fl_bluestein_length(65521, 1, &lim, 4, &bp, why, sizeof why), 131072,
               "N = 65521: M = 2^17 (the only candidate up to 2^17)");
        is_int(bp.npasses, 2, "N = 65521: two passes");
        size_t m = fl_bluestein_length(2048, 1, &lim, 4, &bp, why, sizeof why);
        ok(m >= 4095 && m <= 4096 && bp.npasses == 1, "N = 2048: M = 4096, still one pass (got %zu)", m);
        m = fl_bluestein_length(2049, 1, &lim, 4, &bp, why, sizeof why);
        ok(m >= 4097 && bp.npasses == 2, "N = 2049: M > 4096, two passes (got %zu)", m);
        /* every N, a sample: M >= 2N - 1, at most 2x that, 7-smooth, plan within the limit */
        int good = 1;
        static const size_t ns[] = {3, 5, 7, 11, 13, 17, 100, 127, 1009, 4099, 65537, 1000003,
                                    (size_t)1 << 20, ((size_t)1 << 20) + 7, (size_t)1 << 24};
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            m = fl_bluestein_length(ns[i], 1, &lim, 4, &bp, why, sizeof why);
            size_t all = 1;
            for (int k = 0; k < bp.npasses; k++)
                all *= bp.pass[k].q;
            if (!(m >= 2 * ns[i] - 1 && m <= 4 * ns[i] && fl_radix_leftover(m, NULL) == 1 &&
                  bp.n == m && all == m && bp.npasses <= 4)) {
                good = 0;
                diag("N = %zu: M = %zu, %d passes (%s)", ns[i], m, bp.npasses, why);
            }
        }
        ok(good, "N from 3 to 2^24: 2N - 1 <= M <= 4N, 7-smooth, its plan multiplies to M, <= 4 passes");
        m = fl_bluestein_length((size_t)1 << 24, 1, &lim, 4, &bp, why, sizeof why);
        is_int((long long)m, (long long)1 << 25, "N = 2^24: M = 2^25");
        /* the fewest passes first: never a candidate with fewer passes than the chosen one */
        m = fl_bluestein_length(((size_t)1 << 20) + 7, 1, &lim, 4, &bp, why, sizeof why);
        ok(m >= 2097165 && bp.npasses == 3, "N = 2^20 + 7: M = %zu, 3 passes", m);
        /* limits: --wg 1 keeps each pass to 16 values, so 2^25 would need 7 passes */
        fl_radix_limits_default(&lim, 48 * 1024, 8, 1);
        is_int((long long)fl_bluestein_length((size_t)1 << 24, 1, &lim, 4, &bp, why, sizeof why), 0,
               "N = 2^24 at --wg 1: no M within 4 passes");
        has_substr(why, "--wg", "... and says to use a larger --wg");
    }
    return done_testing();
}
