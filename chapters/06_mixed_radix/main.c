/* 06_mixed_radix — N = 2^a 3^b 5^c 7^d: digit reversal, then self-sorting mixed-radix passes.
 *
 * What changed since 05_register_radix: 05 did powers of two only. Now N may have the
 * factors 3, 5 and 7 too. Two ways, side by side:
 *   three_blocks  ARM's mixed-radix pipeline as the article teaches it: put the input in
 *                 digit-reversed order once, then per stage one kernel for the twiddles and
 *                 one for the radix-S butterflies, in place. Correct, and slow: two passes
 *                 over memory per stage.
 *   stockham      (default) 05's self-sorting passes with mixed radices: dft3, dft5, dft7
 *                 join dft2/4/8/16 in registers, no reordering pass at all, one pass over
 *                 memory whenever a row fits a work-group, at most three up to 2^26. Each
 *                 size gets its own kernels: the radices, Q, p and the group shape are -D
 *                 constants, so the stages unroll and v[] stays in registers.
 *   simd          for a CPU (kernels/06_simd.cl, README "On a CPU: mixed radices as SIMD
 *                 lanes"): chapter 05's simd shape, a work-item does 8 neighbouring
 *                 columns of a pass as planar float8/double8 vectors, a whole radix-Q
 *                 column in registers; N < 64 and sizes without a fitting plan fall back.
 * The factorization — which radices, in which order, how many passes, which group shape —
 * is common/radix_plan.c, a plain planner later chapters reuse.
 *
 * Build and run:
 *   make 06_mixed_radix
 *   ./build/06_mixed_radix --size 1000 --batch 16 --explain
 *   ./build/06_mixed_radix --size 48 --variant three_blocks --explain    (the permutation)
 *   ./build/06_mixed_radix --size 3^10 --inverse --precision double
 * Kernels: kernels/06_mixed_radix.cl (dft3/5/7 and the three blocks; --kernels replaces
 * this one), kernels/06_passes.cl (the Stockham pass), kernels/05_register_radix.cl
 * (dft2..dft16, the twiddle table lookup). Lesson: README.md here. */
#include "../../common/chapter.h"
#include "../../common/radix_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"stockham", "self-sorting passes, radices 16/8/4/2 and 3/5/7 in registers, kernels "
     "specialized per size with -D (the chapter's default)", NULL, 0},
    {"three_blocks", "ARM's pipeline: digit-reverse once, then a twiddle and a radix-S kernel "
     "per stage, in place (correct, slow)", NULL, 0},
    {"primes", "stockham with the prime radices 2, 3, 5, 7 only: more stages (the lesson's "
     "comparison)", NULL, 0},
    {"dft6", "stockham with a radix-6 stage for each 2 x 3, your dft6 from two dft3s (exercise)",
     "exercises/06_mixed_radix/dft6.cl", 0},
    {"digit_reverse", "three_blocks with the digit-reverse index computed in the kernel "
     "(exercise)", "exercises/06_mixed_radix/digit_reverse.cl", 0},
    {"simd", "for a CPU: one work-item does 8 neighbouring columns of a pass as SIMD vectors "
     "(real and imaginary parts apart), a whole mixed-radix column in registers "
     "(kernels/06_simd.cl; N < 64 and sizes without a fitting plan take stockham's)", NULL, 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256   /* work-items per group the plan may use           */
#define BLOCKS_WG 64     /* group size of the three_blocks kernels          */
#define SHOW_PERMUTATION 64 /* --explain prints the digit reversal up to this N */

static const unsigned radices_primes[] = {2, 3, 5, 7, 0};
static const unsigned radices_dft6[] = {6, 16, 8, 4, 2, 3, 5, 7, 0};

static int is_blocks(const struct fl_problem *p)
{
    return strcmp(p->variant, "three_blocks") == 0 || strcmp(p->variant, "digit_reverse") == 0;
}

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

static size_t group_items(const struct fl_problem *p, size_t dflt)
{
    size_t wg = p->wg ? p->wg : dflt;
    return wg < p->dev->max_wg ? wg : p->dev->max_wg;
}

/* The Stockham plan of problem P, or -1 with WHY. */
static int make_plan(const struct fl_problem *p, struct fl_radix_plan *rp, char *why, size_t len)
{
    struct fl_radix_limits lim;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p), group_items(p, DEFAULT_WG));
    if (strcmp(p->variant, "primes") == 0)
        lim.radices = radices_primes;
    else if (strcmp(p->variant, "dft6") == 0)
        lim.radices = radices_dft6;
    return fl_radix_plan_make(p->n, p->batch, &lim, rp, why, len);
}

static size_t simd_qmax(void);
static int is_simd(const struct fl_problem *p);

static int check(const struct fl_problem *p, char *why, size_t len)
{
    if (is_simd(p) && simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be a number from 8 to 64",
                 getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (is_blocks(p)) {
        unsigned r[FL_RADIX_MAX_STAGES];
        if (fl_radix_factor(p->n, NULL, r, FL_RADIX_MAX_STAGES) < 0) {
            snprintf(why, len, "N = %zu needs more than %d stages", p->n, FL_RADIX_MAX_STAGES);
            return -1;
        }
        return 0;
    }
    static struct fl_radix_plan rp;
    return make_plan(p, &rp, why, len);
}

/* ---------------------------------------------------------------- --variant simd
 * kernels/06_simd.cl: chapter 05's CPU shape (its README, "On a CPU: the SIMD register
 * as the warp") for mixed radices. A work-item does SIMD_VL = 8 neighbouring columns of a
 * pass as planar vectors, a whole radix-Q column in registers (Q = A*B*C of the blocks
 * 2, 3, 4, 5, 7, 8), no local memory. The kernel's rules: the first pass has >= 8 columns
 * per row (N/Q_0 >= 8) and every later pass has p >= 8, so the 8 lanes take 8
 * consecutive k = t mod p (when 8 does not divide p, the last block of k is shifted back
 * and overlaps; those lanes redo columns). So N >= 64; sizes with no such plan, and
 * N < 64, take the default (stockham) plan, and --explain says so. */
#define SIMD_VL 8           /* lanes: float8 is one ymm register, double8 one zmm      */
#define SIMD_QMAX 64        /* largest Q of a pass (FFTLAB_SIMD_QMAX, 8 .. 64): beyond 16
                               values (32 vectors, AVX-512's 32 registers) a column spills;
                               the cost model weighs that against fewer passes            */
#define SIMD_FUSED_MAX 262144 /* rows up to this many points take all their passes in one
                               kernel, a work-item per row, the row in the core's L2 (05) */
#define SIMD_GROUP 16       /* work-items per group of fft_simd_p<k> (--wg)              */
#define SIMD_MAX_PASSES 7   /* -D list fits the harness's 1024-byte option buffer       */

struct simd_pass {
    size_t q, p;          /* radix and span                                            */
    unsigned blk[3];      /* Q = blk[0] * blk[1] * blk[2] (1 when unused)              */
    size_t base, nfac;    /* digit base of the pass twiddles, factors per k             */
    size_t tw, in;        /* offsets (reals) of its pass factors and of its w_Q table    */
};

struct simd_plan {
    int npass;
    struct simd_pass pass[SIMD_MAX_PASSES];
    size_t reals;         /* table size, in reals                                        */
    double cost;
};

static int is_simd(const struct fl_problem *p)
{
    return strcmp(p->variant, "simd") == 0;
}

/* FFTLAB_SIMD_QMAX (8 .. 64), for experiments; 0 when malformed (check() says so). */
static size_t simd_qmax(void)
{
    const char *e = getenv("FFTLAB_SIMD_QMAX");
    if (!e || !e[0])
        return SIMD_QMAX;
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

/* A rough cost per point of one pass (flops-like units): the blocks, the split's own
 * twiddles, the pass twiddles, the loads and stores, spills beyond 32 vectors, all times
 * the lanes wasted by overlapping blocks. Only its comparisons matter; the weights were
 * fitted by hand to single-core timings of forced plans (FFTLAB_SIMD_PLAN) at 1000,
 * 1024, 3072, 4096, 3^9, 5^6, 7^5 and 10^6 (README, "On a CPU"): it picks the fastest
 * measured plan, or one within 6 % of it, at each. */
static double simd_pass_cost(size_t n, size_t q, size_t p, const unsigned *blk)
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
    c += 6.0 * (double)inner / (double)q;
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
    if (q > 16 && n > SIMD_FUSED_MAX && ((n / q) % 512 == 0 || n > ((size_t)1 << 22)))
        c += 12.0 * (double)(2 * q - 32) / (double)q;
    size_t cols = p == 1 ? n / q : p;       /* the lanes' extent: t (p = 1) or k */
    double red = (double)((cols + SIMD_VL - 1) / SIMD_VL * SIMD_VL) / (double)cols;
    return c * red;
}

/* Depth-first over the ordered choices of Q that multiply to N, the cheapest kept. */
static void simd_search(size_t n, size_t rest, size_t p, size_t qmax, struct simd_plan *cur,
                        double cost, struct simd_plan *best)
{
    if (cost >= best->cost)
        return;
    if (rest == 1) {
        *best = *cur;
        best->cost = cost;
        return;
    }
    if (cur->npass == SIMD_MAX_PASSES)
        return;
    for (size_t q = 2; q <= qmax && q <= rest; q++) {
        unsigned blk[3];
        if (rest % q || !simd_blocks(q, blk))
            continue;
        if (p == 1 && (q < SIMD_VL || n / q < SIMD_VL))   /* the kernel's two rules */
            continue;
        struct simd_pass *ps = &cur->pass[cur->npass++];
        ps->q = q;
        ps->p = p;
        memcpy(ps->blk, blk, sizeof blk);
        simd_search(n, rest / q, p * q, qmax, cur, cost + simd_pass_cost(n, q, p, blk), best);
        cur->npass--;
    }
}

/* The simd plan of N: the passes, digit bases and table offsets; 0 passes when N has
 * none (N < 64, or no first Q with 8 <= Q <= qmax and N/Q >= 8). */
static int simd_make(size_t n, struct simd_plan *sp)
{
    struct simd_plan cur = {0};
    sp->npass = 0;
    sp->cost = 1e300;
    if (n < SIMD_VL * SIMD_VL || n > ((size_t)1 << 26))
        return 0;
    const char *force = getenv("FFTLAB_SIMD_PLAN");
    if (force && force[0]) {
        /* FFTLAB_SIMD_PLAN=40x25: these Q's, in this order, for the README's experiments;
         * kept only if they multiply to N and keep the rules (else the search's plan) */
        size_t rest = n, span = 1;
        const char *s = force;
        char *end;
        while (*s && cur.npass < SIMD_MAX_PASSES) {
            size_t q = (size_t)strtoul(s, &end, 10);
            unsigned blk[3];
            if (end == s || q < 2 || q > 64 || rest % q || !simd_blocks(q, blk) ||
                (span == 1 && (q < SIMD_VL || n / q < SIMD_VL)))
                break;
            struct simd_pass *ps = &cur.pass[cur.npass++];
            ps->q = q;
            ps->p = span;
            memcpy(ps->blk, blk, sizeof blk);
            rest /= q;
            span *= q;
            s = *end == 'x' ? end + 1 : end;
        }
        if (rest == 1 && !*s) {
            *sp = cur;
            sp->cost = 0;
        }
    }
    if (sp->cost != 0) {
        cur.npass = 0;
        simd_search(n, n, 1, simd_qmax(), &cur, 0, sp);
    }
    if (sp->cost >= 1e300) {
        sp->npass = 0;
        return 0;
    }
    size_t reals = 0;
    for (int i = 0; i < sp->npass; i++) {
        struct simd_pass *ps = &sp->pass[i];
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
    return sp->npass;
}

static void simd_build_options(const struct fl_problem *p, const struct simd_plan *sp, char *opts,
                               size_t len)
{
    size_t used = (size_t)snprintf(opts, len, "-D FFT_SIMD=1 -D SV_N=%zu -D SV_NPASS=%d", p->n,
                                   sp->npass);
    for (int k = 0; k < sp->npass && used < len; k++) {
        const struct simd_pass *ps = &sp->pass[k];
        used += (size_t)snprintf(opts + used, len - used,
                                 " -D SV%d_Q=%zu -D SV%d_P=%zu -D SV%d_A=%u -D SV%d_B=%u -D SV%d_C=%u"
                                 " -D SV%d_BASE=%zu -D SV%d_TW=%zu -D SV%d_IN=%zu", k, ps->q, k,
                                 ps->p, k, ps->blk[0], k, ps->blk[1], k, ps->blk[2], k, ps->base,
                                 k, ps->tw, k, ps->in);
    }
}

static void plan_simd(const struct fl_problem *p, struct fl_plan *plan, const struct simd_plan *sp)
{
    const double two_pi = 6.283185307179586476925286766559;
    size_t n = p->n;
    double *tw;
    int table = fl_plan_table(plan, "simd_twiddles", sp->reals / 2, &tw);
    char passes[160];
    int pl = 0;
    for (int i = 0; i < sp->npass; i++) {
        const struct simd_pass *ps = &sp->pass[i];
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
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", i ? " x " : "", q);
    }
    int fused = n <= SIMD_FUSED_MAX && (p->batch >= p->dev->compute_units || n <= 4096);
    int inv = p->sign > 0;
    if (fused) {
        size_t global[1] = {p->batch}, lsz[1] = {1};
        struct fl_launch *l = fl_plan_add(plan, "fft_simd_rows", 1, global, lsz);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, table);
        fl_arg_int(l, inv ? 3 : 0);
        fl_launch_note(l, "a row per work-item: %d passes (Q = %s) one after another, the row "
                       "in the core's cache", sp->npass, passes);
        plan->result = sp->npass % 2 ? FL_BUF_B : FL_BUF_A;
    } else {
        int src = FL_BUF_A, dst = FL_BUF_B;
        for (int i = 0; i < sp->npass; i++) {
            const struct simd_pass *ps = &sp->pass[i];
            size_t cols = ps->p == 1 ? n / ps->q : ps->p;
            size_t per_row = ps->p == 1 ? (cols + SIMD_VL - 1) / SIMD_VL
                                        : n / (ps->q * ps->p) * ((ps->p + SIMD_VL - 1) / SIMD_VL);
            size_t items = p->batch * per_row;
            size_t local = p->wg ? p->wg : SIMD_GROUP;
            size_t global[1] = {(items + local - 1) / local * local}, lsz[1] = {local};
            char kernel[32];
            snprintf(kernel, sizeof kernel, "fft_simd_p%d", i);
            struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, lsz);
            fl_arg_buffer(l, src);
            fl_arg_buffer(l, dst);
            fl_arg_buffer(l, table);
            fl_arg_int(l, (i == 0 && inv ? 1 : 0) | (i == sp->npass - 1 && inv ? 2 : 0));
            fl_arg_int(l, (int)items);
            fl_launch_note(l, "p=%zu Q=%zu = %u x %u x %u: 8 columns per item as vectors, %s",
                           ps->p, ps->q, ps->blk[0], ps->blk[1], ps->blk[2],
                           ps->p == 1 ? "stores transposed (p = 1)" : "twiddles from the table");
            int t = src;
            src = dst;
            dst = t;
        }
        plan->result = src;
    }
    size_t redo = 0, visits = 0; /* columns per row done twice by overlapping blocks; all */
    for (int i = 0; i < sp->npass; i++) {
        const struct simd_pass *ps = &sp->pass[i];
        size_t cols = ps->p == 1 ? n / ps->q : ps->p, rows = ps->p == 1 ? 1 : n / (ps->q * ps->p);
        redo += rows * ((cols + SIMD_VL - 1) / SIMD_VL * SIMD_VL - cols);
        visits += n / ps->q;
    }
    /* the summary is 512 bytes: the pass list is cut at 48 characters */
    snprintf(plan->summary, sizeof plan->summary,
             "N = %zu = %.48s (%d passes%s), simd: 8 neighbouring columns per work-item as "
             "%s8 vectors, a radix-Q column in registers (blocks 2..8, Q <= %zu). N/Q >= 8 "
             "in the first pass, p >= 8 after: lanes take 8 consecutive k (%zu of %zu column "
             "visits redone where 8 does not divide p). %s Table: %zu values.",
             n, passes, sp->npass, fused ? " in 1 launch" : "",
             p->precision == FL_DOUBLE ? "double" : "float", simd_qmax(), redo, visits,
             fused ? "A work-item takes a row through all passes (N <= 2^18 and rows >= cores, "
                     "or N <= 4096), the row in its core's cache."
                   : "A launch per pass.", sp->reals / 2);
}

/* -D constants of the Stockham passes (kernels/06_passes.cl): FL_N, FL_LO_BITS and for
 * each pass k P<k>_Q, _P, _I, _T and _R (the radices, comma-separated, 0-padded to 12). */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct fl_radix_plan rp;
    char why[256];
    size_t used = 0;
    opts[0] = '\0';
    if (is_simd(p)) {
        static struct simd_plan sp;
        if (simd_make(p->n, &sp)) {   /* else the default plan's constants, below */
            simd_build_options(p, &sp, opts, len);
            return;
        }
    }
    if (strcmp(p->variant, "digit_reverse") == 0)
        snprintf(opts, len, "-D FL_DIGIT_REVERSE_INDEX=1"); /* the exercise's kernel */
    if (is_blocks(p) || make_plan(p, &rp, why, sizeof why) != 0)
        return;
    used += (size_t)snprintf(opts + used, len - used, "-D FL_N=%zu -D FL_LO_BITS=%d%s", p->n,
                             fl_twiddle_lo_bits(p->n), strcmp(p->variant, "dft6") == 0 ? " -D FL_RADIX6=1" : "");
    for (int k = 0; k < rp.npasses && used < len; k++) {
        const struct fl_radix_pass *ps = &rp.pass[k];
        char list[64];
        int l = 0;
        /* all FL_RADIX_MAX_PASS_STAGES of them, 0 after the last: the kernel pastes the
         * list as that many arguments (OpenCL C 1.2 has no variadic macros to count them) */
        for (int s = 0; s < FL_RADIX_MAX_PASS_STAGES; s++)
            l += snprintf(list + l, sizeof list - (size_t)l, "%s%u", s ? "," : "",
                          s < ps->nstages ? ps->radix[s] : 0);
        used += (size_t)snprintf(opts + used, len - used,
                                 " -D P%d_Q=%zu -D P%d_P=%zu -D P%d_I=%zu -D P%d_T=%zu -D P%d_R=%s",
                                 k, ps->q, k, ps->span, k, ps->items, k, ps->columns, k, list);
    }
}

/* The two-level table (common/radix_plan.h), forward roots only: the passes do an inverse
 * as conj(forward(conj x)). */
static void fill_twiddle_tables(const struct fl_problem *p, struct fl_plan *plan, int *hi, int *lo)
{
    int b = fl_twiddle_lo_bits(p->n);
    size_t nlo = (size_t)1 << b, nhi = (p->n + nlo - 1) >> b;
    double *w, *h;
    *lo = fl_plan_table(plan, "twiddles_lo", nlo, &w);
    *hi = fl_plan_table(plan, "twiddles_hi", nhi, &h);
    fl_twiddle_fill(p->n, b, w, h);
}

static void plan_stockham(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct fl_radix_plan rp;
    char why[256], all[160], radices[64];
    if (make_plan(p, &rp, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    int hi, lo, src = FL_BUF_A, dst = FL_BUF_B;
    fill_twiddle_tables(p, plan, &hi, &lo);
    int conj = p->sign > 0;
    char passes[128];
    int pl = 0;
    for (int k = 0; k < rp.npasses; k++) {
        const struct fl_radix_pass *ps = &rp.pass[k];
        size_t items = ps->items * ps->columns;
        size_t columns = p->batch * (p->n / ps->q);
        size_t groups = (columns + ps->columns - 1) / ps->columns;
        size_t global[1] = {groups * items}, local[1] = {items};
        char kernel[32];
        snprintf(kernel, sizeof kernel, "fft_mixed_p%d", k);
        struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_local(l, (ps->columns * ps->q + ps->columns * ps->q / 16) * elem_bytes(p));
        fl_arg_buffer(l, hi);
        fl_arg_buffer(l, lo);
        fl_arg_int(l, (int)p->batch);
        fl_arg_int(l, (k == 0 && conj ? 1 : 0) | (k == rp.npasses - 1 && conj ? 2 : 0));
        fl_radix_join(ps->radix, ps->nstages, radices, sizeof radices);
        fl_launch_note(l, "p=%zu Q=%zu = %s: %d stage%s, %zu item%s per %s (<= %zu values each), "
                       "%zu %s%s per group", ps->span, ps->q, radices, ps->nstages,
                       ps->nstages == 1 ? "" : "s", ps->items, ps->items == 1 ? "" : "s",
                       rp.npasses == 1 ? "row" : "column", ps->values, ps->columns,
                       rp.npasses == 1 ? "row" : "column", ps->columns == 1 ? "" : "s");
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", k ? " x " : "", ps->q);
        int t = src;
        src = dst;
        dst = t;
    }
    plan->result = src;
    fl_radix_join(rp.radix, rp.nstages, all, sizeof all);
    if (rp.npasses == 1)
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %s: 1 pass, %d stages in registers. Radices from {%s}, the largest "
                 "that fit, so fewest stages; one work-group holds a whole row (N <= %zu: local "
                 "memory and items x 16 values), so the data is read and written once.",
                 p->n, all, rp.nstages, strcmp(p->variant, "primes") == 0 ? "2, 3, 5, 7"
                 : strcmp(p->variant, "dft6") == 0 ? "6, 16, 8, 4, 2, 3, 5, 7" : "16, 8, 4, 2, 3, 5, 7",
                 rp.single_pass_max);
    else
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu = %s: %d passes, Q = %s. N > %zu, what one group holds; a group of a "
                 "multi-pass plan keeps >= 4 neighbouring columns (coalesced reads), so Q <= %zu; "
                 "fewest passes, prime factors spread so the Q are even, largest first.",
                 p->n, all, rp.npasses, passes, rp.single_pass_max, rp.multi_pass_max_q);
}

static void plan_blocks(const struct fl_problem *p, struct fl_plan *plan)
{
    unsigned r[FL_RADIX_MAX_STAGES];
    int ns = fl_radix_factor(p->n, NULL, r, FL_RADIX_MAX_STAGES);
    int computed = strcmp(p->variant, "digit_reverse") == 0;
    size_t g = group_items(p, BLOCKS_WG);
    int conj = p->sign > 0;
    double *t;
    int table;
    if (computed) {
        table = fl_plan_table(plan, "radices", (size_t)ns, &t);
        for (int s = 0; s < ns; s++)
            t[2 * s] = r[s];
    } else {
        table = fl_plan_table(plan, "digit_reverse", p->n, &t);
        for (size_t m = 0; m < p->n; m++) {
            size_t from = fl_digit_reverse(m, r, ns);
            t[2 * m] = (double)(from % 4096); /* DIGIT_TABLE_SPLIT in the kernel file */
            t[2 * m + 1] = (double)(from / 4096);
        }
    }
    size_t global[2] = {(p->n + g - 1) / g * g, p->batch}, local[2] = {g, 1};
    struct fl_launch *l = fl_plan_add(plan, computed ? "digit_reverse_computed" : "digit_reverse",
                                      2, global, local);
    fl_arg_buffer(l, FL_BUF_A);
    fl_arg_buffer(l, FL_BUF_B);
    fl_arg_buffer(l, table);
    if (computed)
        fl_arg_int(l, ns);
    fl_arg_int(l, (int)p->n);
    fl_arg_int(l, conj ? 1 : 0);
    fl_launch_note(l, "y[m] = x[idx(m)]: the input in digit-reversed order, A -> B");
    size_t span = 1;
    for (int s = 0; s < ns; s++) {
        if (s > 0) {
            l = fl_plan_add(plan, "twiddle_stage", 2, global, local);
            fl_arg_buffer(l, FL_BUF_B);
            fl_arg_int(l, (int)p->n);
            fl_arg_int(l, (int)span);
            fl_arg_int(l, (int)r[s]);
            fl_launch_note(l, "stage %d: y[n] *= w_%zu^(nx*ky), Nx=%zu Ny=%u", s, span * r[s], span, r[s]);
        }
        char kernel[32];
        snprintf(kernel, sizeof kernel, "radix_%u", r[s]);
        size_t bg[2] = {(p->n / r[s] + g - 1) / g * g, p->batch};
        l = fl_plan_add(plan, kernel, 2, bg, local);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_int(l, (int)p->n);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, s == ns - 1 && conj ? 2 : 0);
        fl_launch_note(l, "stage %d: %zu radix-%u butterflies in place, span Nx=%zu", s, p->n / r[s],
                       r[s], span);
        span *= r[s];
    }
    plan->result = FL_BUF_B;
    char all[160];
    int len = snprintf(plan->summary, sizeof plan->summary,
                       "N = %zu = %s: digit-reverse once%s, then per stage a twiddle (not the "
                       "first) and a radix-S kernel, in place: %d launches, each over all the data.",
                       p->n, fl_radix_join(r, ns, all, sizeof all),
                       computed ? " (index computed in the kernel)" : " (index table from the host)",
                       plan->nlaunch);
    if (p->n <= SHOW_PERMUTATION && len < (int)sizeof plan->summary) {
        len += snprintf(plan->summary + len, sizeof plan->summary - (size_t)len, " idx(m) =");
        for (size_t m = 0; m < p->n && len < (int)sizeof plan->summary; m++)
            len += snprintf(plan->summary + len, sizeof plan->summary - (size_t)len, " %zu",
                            fl_digit_reverse(m, r, ns));
    }
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    static struct simd_plan sp;
    if (is_blocks(p)) {
        plan_blocks(p, plan);
    } else if (is_simd(p) && simd_make(p->n, &sp)) {
        plan_simd(p, plan, &sp);
    } else {
        plan_stockham(p, plan);
        if (is_simd(p)) {
            size_t used = strlen(plan->summary);
            snprintf(plan->summary + used, sizeof plan->summary - used,
                     " (simd: %s, so the default plan)", p->n < SIMD_VL * SIMD_VL
                     ? "N < 64 has fewer than 8 columns per row for 8 lanes"
                     : "no passes with N/Q >= 8 first, p >= 8 after, Q <= FFTLAB_SIMD_QMAX "
                       "of blocks 2..8");
        }
    }
}

int main(int argc, char **argv)
{
    /* kernels/06_simd.cl compiles to nothing without -D FFT_SIMD (--variant simd) */
    static const char *const uses[] = {"06_passes.cl", "05_register_radix.cl", "06_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "06_mixed_radix",
        .title = "mixed radix 2/3/4/5/7/8/16: digit reversal, then self-sorting passes",
        .kernel_file = "06_mixed_radix.cl",
        .uses = uses,
        .help = "N = 2^a 3^b 5^c 7^d up to 2^26. The default variant (stockham) does a few\n"
                "self-sorting passes with radix 16/8/4/2/3/5/7 butterflies in registers, its\n"
                "kernels compiled for the size (-D constants); three_blocks is the textbook\n"
                "pipeline (digit-reverse, then twiddle and radix-S kernels per stage). --wg sets\n"
                "the work-items per group the plan may use (default 256); --explain shows the\n"
                "factorization, the passes and every launch. --variant simd is for a CPU:\n"
                "8 columns per work-item as vectors (FFTLAB_SIMD_QMAX=Q, 8..64, its largest Q).",
        .demo_n = 1000000,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
    };
    return fl_main(argc, argv, &chapter);
}
