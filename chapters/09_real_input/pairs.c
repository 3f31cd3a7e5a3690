/* 09_real_input, --variant column_pairs (the default; lesson, "The twist in the first
 * pass"): the real rows of N = A x B points as two passes (kernels/09_column_pairs.cl,
 * rfft_pairs_first and rfft_pairs_last). The first does A-point FFTs of complex columns,
 * each two real columns side by side (B/2 of them per row), and splits their spectra in
 * the group that holds them; the second does B-point FFTs of the A/2 + 1 columns of the
 * half spectrum the bins need. Both use one two-level table of w_N. R2C of 1-D rows only;
 * the rest (C2R, 2-D and 3-D, rows of one pass) is fused's plan. */
#include "real.h"

#include <stdio.h>
#include <string.h>

int is_pairs(const struct fl_problem *p)
{
    return strcmp(p->variant, "column_pairs") == 0;
}

/* Plan the 1-D rows of P as column pairs: the largest even B <= PAIRS_B_MAX dividing N
 * with A = N/B even and both passes one pass each (A in groups of 2 columns at least:
 * A <= 2048 in fp32), with P's --shapes (pass 0, then pass 1). Returns 0, or -1 with WHY
 * (no such split, or a shape a pass cannot keep). */
int make_pairs_plan(const struct fl_problem *p, struct pairs_plan *P, char *why, size_t len)
{
    memset(P, 0, sizeof *P);
    struct fl_radix_limits lim, lim0;
    size_t wg = p->wg ? p->wg : PAIRED_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    lim0 = lim;
    lim0.min_columns = 2; /* the first pass: 2 complex columns (4 real ones) per group */
    P->n = p->dims[0];
    P->rows = p->batch;
    char w[256] = "";
    for (size_t b = P->n / 2 < PAIRS_B_MAX ? P->n / 2 : PAIRS_B_MAX; b >= 2 && !P->a; b--) {
        if (b % 2 || P->n % b || (P->n / b) % 2)
            continue;
        size_t a = P->n / b;
        if (fl_radix_plan_strided(a, P->rows, b / 2, &lim0, &P->first, w, sizeof w) == 0 &&
            fl_radix_plan_strided(b, P->rows, a / 2 + 1, &lim, &P->last, w, sizeof w) == 0 &&
            P->first.npasses == 1 && P->last.npasses == 1) {
            P->a = a;
            P->b = b;
        }
    }
    if (!P->a) {
        snprintf(why, len, "no split N = N1 x N2 with N1 and N2 even, each one pass (N1 <= %zu, "
                 "N2 <= %d here), for N = %zu", lim0.local_values / 2, PAIRS_B_MAX, P->n);
        return -1;
    }
    P->lo_bits = fl_twiddle_lo_bits(P->n);
    if (p->nshapes == 0)
        return 0;
    /* --shapes, or what --tune measured (pass 0, then pass 1): the same split, other groups */
    lim0.shape[0] = p->shape[0];
    if (p->nshapes > 1)
        lim.shape[0] = p->shape[1];
    if (fl_radix_plan_strided(P->a, P->rows, P->b / 2, &lim0, &P->first, w, sizeof w) != 0 ||
        fl_radix_plan_strided(P->b, P->rows, P->a / 2 + 1, &lim, &P->last, w, sizeof w) != 0) {
        snprintf(why, len, "--shapes: %s", w);
        return -1;
    }
    return 0;
}

/* Does column_pairs plan P's rows (R2C or not: its round trip's other half needs the
 * kernels too)? 1-D rows whose half-length FFT takes several passes in fused's plan and
 * split as make_pairs_plan wants (without P's shapes: they must not decide it). */
int pairs_possible(const struct fl_problem *p)
{
    if (!is_pairs(p) || p->ndims != 1)
        return 0;
    static struct fl_real_plan R;
    static struct pairs_plan pp;
    char why[256];
    struct fl_problem f = *p;
    f.variant = "fused";
    f.nshapes = 0;
    if (make_real_plan(&f, &R, why, sizeof why) != 0 || R.x.ax[0].rp.npasses < 2)
        return 0;
    f.variant = p->variant;
    return make_pairs_plan(&f, &pp, why, sizeof why) == 0;
}

/* R2C: rfft_pairs_first (A -> B, the real columns' spectra Y), rfft_pairs_last (B -> A,
 * the bins). */
void plan_pairs(const struct fl_problem *p, struct fl_plan *plan, const struct pairs_plan *P)
{
    size_t elem = elem_bytes(p), m = P->n / 2;
    int table = fl_twiddle_table(plan, "twiddles_n", P->n, P->lo_bits);
    const struct fl_radix_pass *ps[2] = {&P->first.pass[0], &P->last.pass[0]};
    size_t cols[2] = {P->rows * (P->b / 2), P->rows * (P->a / 2 + 1)};
    const char *names[2] = {"rfft_pairs_first", "rfft_pairs_last"};
    for (int k = 0; k < 2; k++) {
        size_t group = ps[k]->items * ps[k]->columns;
        size_t global[1] = {(cols[k] + ps[k]->columns - 1) / ps[k]->columns * group};
        size_t local[1] = {group};
        struct fl_launch *l = fl_plan_add(plan, names[k], 1, global, local);
        fl_arg_buffer(l, k ? FL_BUF_B : FL_BUF_A);
        fl_arg_buffer(l, k ? FL_BUF_A : FL_BUF_B);
        fl_arg_local(l, fl_radix_pass_local_values(ps[k]) * elem);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)P->rows);
        char radices[64];
        fl_radix_join(ps[k]->radix, ps[k]->nstages, radices, sizeof radices);
        if (k == 0)
            fl_launch_note(l, "pass 1/2: N1 = %zu = %s on %zu complex columns a row (2 real "
                           "each), then the split; %zu columns x %zu items per group", P->a,
                           radices, P->b / 2, ps[k]->columns, ps[k]->items);
        else
            fl_launch_note(l, "pass 2/2: N2 = %zu = %s on columns k1 = 0..%zu, times w_N^(j k1); "
                           "bins past %zu mirrored; %zu columns x %zu items per group", P->b,
                           radices, P->a / 2, m, ps[k]->columns, ps[k]->items);
    }
    plan->result = FL_BUF_A;
    snprintf(plan->summary, sizeof plan->summary, "r2c of rows of %zu reals (read as %zu complex "
             "values), %zu rows, as N = N1 x N2 = %zu x %zu: N1-point FFTs of the real columns, two "
             "per complex column, split in the group that holds it; then N2-point FFTs of columns "
             "0..N1/2 of their spectra. 2 launches.", P->n, m, P->rows, P->a, P->b);
}

/* The column pairs' -D constants (N, its table's lo bits, each pass's Q,P,I,T,radices)
 * when they plan P, appended from USED. */
size_t pairs_options(const struct fl_problem *p, char *opts, size_t used, size_t len)
{
    static struct pairs_plan pp;
    char why[256];
    if (!pairs_possible(p) || make_pairs_plan(p, &pp, why, sizeof why) != 0)
        return used;
    used += (size_t)snprintf(opts + used, used < len ? len - used : 0,
                             " -D RC_N=%zu -D RC_LB=%d", pp.n, pp.lo_bits);
    const struct fl_radix_pass *ps[2] = {&pp.first.pass[0], &pp.last.pass[0]};
    for (int k = 0; k < 2; k++) {
        used += (size_t)snprintf(opts + used, used < len ? len - used : 0,
                                 " -D RC_P%d=%zu,%zu,%zu,%zu", k, ps[k]->q, k ? pp.a : 1,
                                 ps[k]->items, ps[k]->columns);
        for (int st = 0; st < FL_RADIX_MAX_PASS_STAGES; st++)
            used += (size_t)snprintf(opts + used, used < len ? len - used : 0, ",%u",
                                     st < ps[k]->nstages ? ps[k]->radix[st] : 0);
    }
    return used;
}
