/* The CPU ("simd") plan of a batch of rows; see simd_plan.h. Moved here from chapter 06,
 * whose lesson ("On a CPU: mixed radices as SIMD lanes") explains the cost model. */
#include "simd_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t fl_simd_qmax(void)
{
    const char *e = getenv("FFTLAB_SIMD_QMAX");
    if (!e || !e[0])
        return FL_SIMD_QMAX;
    char *end;
    unsigned long v = strtoul(e, &end, 10);
    return *end || v < 8 || v > 64 ? 0 : (size_t)v;
}

/* Q as at most 3 blocks from {8, 4, 2, 3, 5, 7}, powers of two first (largest blocks
 * first: 16 = 4 x 4, 32 = 8 x 4); 0 when it needs more. */
static int simd_blocks(size_t q, unsigned *blk)
{
    unsigned list[16];
    int n = 0, e2 = 0;
    while (q % 2 == 0) {
        q /= 2;
        e2++;
    }
    while (e2 > 0 && n < 16) {
        int take = e2 >= 5 ? 3 : e2 == 4 ? 2 : e2;   /* 4 = 4 x 4, 5 = 8 x 4, 6 = 8 x 8 */
        list[n++] = 1u << take;
        e2 -= take;
    }
    for (unsigned r = 3; r <= 7; r += 2)
        while (q % r == 0 && n < 16) {
            q /= r;
            list[n++] = r;
        }
    if (q != 1 || n > 3)
        return 0;
    for (int i = 0; i < 3; i++)
        blk[i] = i < n ? list[i] : 1;
    return n;
}

/* The blocks of Q and the split's own twiddles, per point (see simd_pass_cost). */
double fl_simd_block_cost(size_t q, const unsigned *blk)
{
    double c = 0;
    for (int i = 0; i < 3; i++)
        c += blk[i] == 2 ? 2 : blk[i] == 4 ? 4 : blk[i] == 8 ? 6.5 : blk[i] == 3 ? 5.5
             : blk[i] == 5 ? 8.5 : blk[i] == 7 ? 10.5 : 0;
    size_t inner = 0;                       /* twiddles w_Q^m that take a multiply */
    size_t a = blk[0], r = q / a;
    for (size_t n2 = 0; n2 < r; n2++)
        for (size_t k1 = 0; k1 < a; k1++) {
            size_t m = n2 * k1 % q;
            inner += m && (8 * m) % q;
        }
    return c + 6.0 * (double)inner / (double)q;
}

/* A rough cost per point of one pass (flops-like units): the blocks, the split's own
 * twiddles, the pass twiddles, the loads and stores, spills beyond 32 vectors, all times
 * the lanes wasted by overlapping blocks. Only its comparisons matter; the weights were
 * fitted by hand to single-core timings of forced plans (FFTLAB_SIMD_PLAN) at 1000,
 * 1024, 3072, 4096, 3^9, 5^6, 7^5 and 10^6 (README, "On a CPU"): it picks the fastest
 * measured plan, or one within 6 % of it, at each. */
static double simd_pass_cost(size_t n, size_t q, size_t p, const unsigned *blk)
{
    double c = fl_simd_block_cost(q, blk);
    if (p > 1)
        c += 9.0;                           /* a table twiddle per value, some products */
    c += 16.0;                              /* load and store, twiddle loads            */
    if (q > 16)                             /* 2Q vectors spill beyond AVX-512's 32: the */
        c += (double)((2 * q - 32) * q) / 256.0; /* more, the more each spill costs       */
    /* Rows beyond L2 and Q > 16: 2Q streams per work-item, each value of a column on its
     * own page. Where the streams' distance is a multiple of 4 KiB (N/Q a multiple of
     * 512), they also land in the same cache sets; past 2^22 points the pages themselves
     * (TLB) cost. Measured: 2^24 took 75 ms as 16^6 and 156 ms as 16 x 32^4, 2^22 11 and
     * 17 ms, 3^15 113 ms as 9 x 9 x 27^3 x 9 and 136 ms as 27^5; but 10^6 (N/40 = 25000)
     * 2.3 ms as 40 x 25 x 25 x 40 and 2.5-3.1 ms with Q <= 16. */
    if (q > 16 && n > FL_SIMD_FUSED_MAX && ((n / q) % 512 == 0 || n > ((size_t)1 << 22)))
        c += 12.0 * (double)(2 * q - 32) / (double)q;
    size_t cols = p == 1 ? n / q : p;       /* the lanes' extent: t (p = 1) or k */
    double red = (double)((cols + FL_SIMD_VL - 1) / FL_SIMD_VL * FL_SIMD_VL) / (double)cols;
    return c * red;
}

void fl_simd_search(size_t n, size_t rest, size_t p, size_t qmax, int rows, fl_simd_cost_fn cost_fn,
                    struct fl_simd_plan *cur, double cost, struct fl_simd_plan *best)
{
    if (cost >= best->cost)
        return;
    if (rest == 1) {
        *best = *cur;
        best->cost = cost;
        return;
    }
    if (cur->npass == FL_SIMD_MAX_PASSES)
        return;
    for (size_t q = 2; q <= qmax && q <= rest; q++) {
        unsigned blk[3];
        if (rest % q || !simd_blocks(q, blk))
            continue;
        if (rows && p == 1 && (q < FL_SIMD_VL || n / q < FL_SIMD_VL)) /* the kernel's two rules */
            continue;
        struct fl_simd_pass *ps = &cur->pass[cur->npass++];
        ps->q = q;
        ps->p = p;
        memcpy(ps->blk, blk, sizeof blk);
        fl_simd_search(n, rest / q, p * q, qmax, rows, cost_fn, cur, cost + cost_fn(n, q, p, blk), best);
        cur->npass--;
    }
}

int fl_simd_make(size_t n, struct fl_simd_plan *sp)
{
    struct fl_simd_plan cur = {0};
    sp->npass = 0;
    sp->cost = 1e300;
    if (n < FL_SIMD_VL * FL_SIMD_VL || n > ((size_t)1 << 26))
        return 0;
    /* FFTLAB_SIMD_PLAN=40x25: these Q's, in this order, for the README's experiments;
     * kept only if they multiply to N and keep the rules (else the search's plan) */
    if (fl_simd_forced(getenv("FFTLAB_SIMD_PLAN"), n, 1, &cur)) {
        *sp = cur;
        sp->cost = 0;
    }
    if (sp->cost != 0) {
        cur.npass = 0;
        fl_simd_search(n, n, 1, fl_simd_qmax(), 1, simd_pass_cost, &cur, 0, sp);
    }
    if (sp->cost >= 1e300) {
        sp->npass = 0;
        return 0;
    }
    fl_simd_offsets(sp, n);
    return sp->npass;
}

int fl_simd_blocks(size_t q, unsigned *blk)
{
    return simd_blocks(q, blk);
}

int fl_simd_forced(const char *force, size_t n, int rows, struct fl_simd_plan *cur)
{
    size_t rest = n, span = 1;
    const char *s = force;
    char *end;
    memset(cur, 0, sizeof *cur);
    if (!force || !force[0])
        return 0;
    while (*s && cur->npass < FL_SIMD_MAX_PASSES) {
        size_t q = (size_t)strtoul(s, &end, 10);
        unsigned blk[3];
        if (end == s || q < 2 || q > 64 || rest % q || !simd_blocks(q, blk) ||
            (rows && span == 1 && (q < FL_SIMD_VL || n / q < FL_SIMD_VL)))
            break;
        struct fl_simd_pass *ps = &cur->pass[cur->npass++];
        ps->q = q;
        ps->p = span;
        memcpy(ps->blk, blk, sizeof blk);
        rest /= q;
        span *= q;
        s = *end == 'x' ? end + 1 : end;
    }
    if (rest == 1 && !*s)
        return 1;
    cur->npass = 0;
    return 0;
}

void fl_simd_offsets(struct fl_simd_plan *sp, size_t n)
{
    size_t reals = 0;
    for (int i = 0; i < sp->npass; i++) {
        struct fl_simd_pass *ps = &sp->pass[i];
        size_t b = 1;
        while (b * b < ps->q)
            b++;
        ps->base = b;
        ps->nfac = (b - 1) + (ps->q + b - 1) / b - 1;
        ps->in = reals;
        reals += 2 * ps->q;
        ps->tw = reals;
        if (ps->p > 1)
            reals += ps->nfac * 2 * ps->p;
    }
    sp->reals = reals;
    sp->n = n;
}


size_t fl_simd_options(const struct fl_simd_plan *sp, char *opts, size_t used, size_t len)
{
    if (used < len)
        used += (size_t)snprintf(opts + used, len - used, "%s-D FFT_SIMD=1 -D SV_N=%zu -D SV_NPASS=%d",
                                 used ? " " : "", sp->n, sp->npass);
    for (int k = 0; k < sp->npass && used < len; k++) {
        const struct fl_simd_pass *ps = &sp->pass[k];
        used += (size_t)snprintf(opts + used, len - used,
                                 " -D SV%d_Q=%zu -D SV%d_P=%zu -D SV%d_A=%u -D SV%d_B=%u -D SV%d_C=%u"
                                 " -D SV%d_BASE=%zu -D SV%d_TW=%zu -D SV%d_IN=%zu", k, ps->q, k,
                                 ps->p, k, ps->blk[0], k, ps->blk[1], k, ps->blk[2], k, ps->base,
                                 k, ps->tw, k, ps->in);
    }
    return used;
}

int fl_simd_table(struct fl_plan *plan, const struct fl_simd_plan *sp)
{
    const double two_pi = 6.283185307179586476925286766559;
    double *tw;
    int table = fl_plan_table(plan, "simd_twiddles", sp->reals / 2, &tw);
    for (int i = 0; i < sp->npass; i++) {
        const struct fl_simd_pass *ps = &sp->pass[i];
        size_t q = ps->q, span = ps->p, M = q * span, b = ps->base;
        /* w_Q^m, m < Q, re/im interleaved: the split's twiddles */
        for (size_t m = 0; m < q; m++) {
            double a = -two_pi * (double)m / (double)q;
            tw[ps->in + 2 * m] = cos(a);
            tw[ps->in + 2 * m + 1] = sin(a);
        }
        /* pass factors w_M^(k*m), m = 1 .. b-1 and b, 2b, ... < Q; planar per factor,
         * the exponent reduced mod M exactly, in integers */
        for (size_t e = 0; span > 1 && e < ps->nfac; e++) {
            size_t m = e < b - 1 ? e + 1 : b * (e - (b - 1) + 1);
            for (size_t k = 0; k < span; k++) {
                double a = -two_pi * (double)((k * m) % M) / (double)M;
                tw[ps->tw + e * 2 * span + k] = cos(a);
                tw[ps->tw + e * 2 * span + span + k] = sin(a);
            }
        }
    }
    return table;
}

int fl_simd_fused(const struct fl_simd_plan *sp, size_t rows, const struct fl_device *dev)
{
    return sp->n <= FL_SIMD_FUSED_MAX && (rows >= dev->compute_units || sp->n <= 4096);
}

int fl_simd_launches(struct fl_plan *plan, const struct fl_simd_plan *sp, size_t rows,
                     const struct fl_device *dev, int table, int src, int dst, int flags,
                     size_t wg, char *passes, size_t len)
{
    size_t n = sp->n;
    int pl = 0;
    for (int i = 0; i < sp->npass && (size_t)pl < len; i++)
        pl += snprintf(passes + pl, len - (size_t)pl, "%s%zu", i ? " x " : "", sp->pass[i].q);
    if (fl_simd_fused(sp, rows, dev)) {
        size_t global[1] = {rows}, lsz[1] = {1};
        struct fl_launch *l = fl_plan_add(plan, "fft_simd_rows", 1, global, lsz);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_buffer(l, table);
        fl_arg_int(l, flags);
        fl_launch_note(l, "a row per work-item: %d passes (Q = %s) one after another, the row "
                       "in the core's cache", sp->npass, passes);
        /* the kernel ping-pongs between the two buffers, a pass each way */
        return sp->npass % 2 ? dst : src;
    }
    for (int i = 0; i < sp->npass; i++) {
        const struct fl_simd_pass *ps = &sp->pass[i];
        size_t cols = ps->p == 1 ? n / ps->q : ps->p;
        size_t per_row = ps->p == 1 ? (cols + FL_SIMD_VL - 1) / FL_SIMD_VL
                                    : n / (ps->q * ps->p) * ((ps->p + FL_SIMD_VL - 1) / FL_SIMD_VL);
        size_t items = rows * per_row;
        size_t local = wg ? wg : FL_SIMD_GROUP;
        size_t global[1] = {(items + local - 1) / local * local}, lsz[1] = {local};
        char kernel[32];
        snprintf(kernel, sizeof kernel, "fft_simd_p%d", i);
        struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, lsz);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (i == 0 ? flags & 1 : 0) | (i == sp->npass - 1 ? flags & 2 : 0));
        fl_arg_int(l, (int)items);
        fl_launch_note(l, "p=%zu Q=%zu = %u x %u x %u: 8 columns per item as vectors, %s",
                       ps->p, ps->q, ps->blk[0], ps->blk[1], ps->blk[2],
                       ps->p == 1 ? "stores transposed (p = 1)" : "twiddles from the table");
        int t = src;
        src = dst;
        dst = t;
    }
    return src;
}

void fl_simd_redo(const struct fl_simd_plan *sp, size_t *redo, size_t *visits)
{
    *redo = *visits = 0;
    for (int i = 0; i < sp->npass; i++) {
        const struct fl_simd_pass *ps = &sp->pass[i];
        size_t n = sp->n;
        size_t cols = ps->p == 1 ? n / ps->q : ps->p, rows = ps->p == 1 ? 1 : n / (ps->q * ps->p);
        *redo += rows * ((cols + FL_SIMD_VL - 1) / FL_SIMD_VL * FL_SIMD_VL - cols);
        *visits += n / ps->q;
    }
}
