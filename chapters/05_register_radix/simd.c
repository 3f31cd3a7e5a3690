/* 05_register_radix, --variant simd: the passes shaped for a CPU's vector unit.
 *
 * kernels/05_simd.cl: one work-item does SIMD_VL neighbouring columns of a pass as
 * vectors (real and imaginary parts apart), a whole radix-Q column each (Q <= 16 by
 * default: what the register file holds), so there is no local memory and no exchange,
 * and the plan is just the list of Q's. Two rules from the kernel's contract: every pass
 * has n/Q >= SIMD_VL columns per row (a work-item's lanes), and p = 1 or p >= SIMD_VL
 * (the lanes' k = t mod p are consecutive); so the first Q is >= SIMD_VL and
 * N >= SIMD_VL^2 = 64. Smaller N take the default plan. The README's "On a CPU" says why
 * a CPU wants this shape; NOTES.md has the measurements behind each constant. */
#include "register_radix.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_VL 8           /* lanes (FFTLAB_SIMD_VL: 8 or 16): float8 is one ymm register
                               (AVX2 width), double8 one zmm (AVX-512 width)              */
#define SIMD_QMAX 16        /* largest radix of a pass (FFTLAB_SIMD_QMAX: 8 .. 64): 16
                               values are 32 vectors, AVX-512's 32 registers; 32 spills
                               and is slower for all its fewer passes (NOTES.md) */
#define SIMD_FUSED_MAX 262144 /* rows up to this many points take all their passes in one
                               kernel, one work-item per row, so the row stays in the core's
                               caches (2^16 fp32: 512 KiB, L2; 2^18: 2 MiB, still faster
                               than four sweeps of the batch; 2^20 x 2 about even);
                               FFTLAB_SIMD_FUSED_MAX, 0 = never                           */
#define SIMD_GROUP 16       /* work-items per group of fft_simd_q<Q> (--wg): on pocl a
                               group is one task for a core; 1, 4, 16 and 64 measured
                               within the noise of each other at 2^10..2^22              */


int is_simd(const struct fl_problem *p)
{
    return strcmp(p->variant, "simd") == 0;
}

/* FFTLAB_SIMD_VL=8 or 16: the lanes per work-item, an experiment (NOTES.md); 0 when
 * malformed (simd_check() says so). */
static size_t simd_vl(void)
{
    const char *e = getenv("FFTLAB_SIMD_VL");
    if (!e || !e[0])
        return SIMD_VL;
    return strcmp(e, "8") == 0 ? 8 : strcmp(e, "16") == 0 ? 16 : 0;
}

/* FFTLAB_SIMD_FUSED_MAX=N (0 or a power of two): the longest row fft_simd_rows takes;
 * (size_t)-1 when malformed (simd_check() says so). */
static size_t simd_fused_max(void)
{
    const char *e = getenv("FFTLAB_SIMD_FUSED_MAX");
    if (!e || !e[0])
        return SIMD_FUSED_MAX;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || (v & (v - 1)))
        return (size_t)-1;
    return (size_t)v;
}

/* FFTLAB_SIMD_QMAX=Q (8, 16, 32 or 64): the largest radix per pass, an experiment
 * (NOTES.md); 0 when malformed (simd_check() says so). */
static size_t simd_qmax(void)
{
    const char *e = getenv("FFTLAB_SIMD_QMAX");
    if (!e || !e[0])
        return SIMD_QMAX;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || v < 8 || v > 64 || (v & (v - 1)))
        return 0;
    return (size_t)v;
}

/* The twiddle-table factors of radix Q: m = d * 4^L < Q, d = 1..3 (the kernel's
 * simd_factors, in the same order). M holds them. */
static int simd_factor_list(size_t Q, size_t *m)
{
    int count = 0;
    for (size_t m4 = 1; m4 < Q; m4 *= 4)
        for (size_t d = 1; d <= 3; d++)
            if (d * m4 < Q)
                m[count++] = d * m4;
    return count;
}

/* log2 of each pass's Q: the fewest passes with Q <= qmax that keep the two rules; log2 N
 * split evenly, larger parts first (the first pass then has the largest Q, >= SIMD_VL).
 * Returns the number of passes, 0 when N is below SIMD_VL^2. */
static int simd_passes(size_t n, size_t qmax, int *logq)
{
    int log2n = fl_log2(n), lv = fl_log2(simd_vl()), lq = fl_log2(qmax);
    if (log2n < 2 * lv)
        return 0;
    for (int npass = (log2n + lq - 1) / lq; npass <= log2n; npass++) {
        split_evenly(log2n, npass, logq);
        int ok = logq[0] >= lv;
        for (int i = 0; i < npass; i++)
            ok = ok && logq[i] <= lq && log2n - logq[i] >= lv;
        if (ok)
            return npass;
    }
    return 0;
}

/* 0, or -1 with WHY when a knob is malformed. */
int simd_check(char *why, size_t len)
{
    if (simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be 8, 16, 32 or 64", getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (simd_fused_max() == (size_t)-1) {
        snprintf(why, len, "FFTLAB_SIMD_FUSED_MAX='%s' must be 0 or a power of two",
                 getenv("FFTLAB_SIMD_FUSED_MAX"));
        return -1;
    }
    if (simd_vl() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_VL='%s' must be 8 or 16", getenv("FFTLAB_SIMD_VL"));
        return -1;
    }
    return 0;
}

/* kernels/05_simd.cl compiles its kernels only with FFT_SIMD defined. */
size_t simd_build_options(char *opts, size_t len)
{
    return (size_t)snprintf(opts, len, "-D FFT_SIMD=1 -D FFT_SIMD_VL=%zu", simd_vl());
}

int simd_plan(const struct fl_problem *p, struct fl_plan *plan)
{
    int logq[32], npass = simd_passes(p->n, simd_qmax(), logq);
    if (!npass)
        return 0;
    size_t n = p->n, span = 1, reals = 0, off[32], fac[8], vl = simd_vl();
    /* the table: one block per pass after the first, factors x 2 x p reals each */
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i];
        off[i] = reals;
        if (span > 1)
            reals += (size_t)simd_factor_list(Q, fac) * 2 * span;
        span *= Q;
    }
    double *tw;
    int table = fl_plan_table(plan, "simd_twiddles", reals / 2, &tw);
    const double two_pi = 6.283185307179586476925286766559;
    span = 1;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i], M = Q * span;
        int nf = simd_factor_list(Q, fac);
        for (int e = 0; span > 1 && e < nf; e++)
            for (size_t k = 0; k < span; k++) {
                /* w_M^(k*m), the exponent reduced mod M exactly, in integers */
                double a = -two_pi * (double)((k * fac[e]) % M) / (double)M;
                tw[off[i] + (size_t)e * 2 * span + k] = cos(a);
                tw[off[i] + (size_t)e * 2 * span + span + k] = sin(a);
            }
        span *= Q;
    }

    /* a whole row per group, all passes in one kernel, when the row fits a core's L2 and
     * there are rows enough for every core (or the row is small anyway) */
    int fused = n <= simd_fused_max() && npass <= 7 &&
                (p->batch >= p->dev->compute_units || n <= 4096);
    int log2qs = 0;
    for (int i = 0; i < npass; i++) {
        fused = fused && logq[i] >= 3 && logq[i] <= 5;   /* the kernel's Q = 8, 16, 32 */
        log2qs |= logq[i] << (4 * i);
    }
    char passes[160];
    int pl = 0;
    for (int i = 0; i < npass; i++)
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%d", i ? " x " : "", 1 << logq[i]);
    if (fused) {
        size_t global[1] = {p->batch}, lsz[1] = {1};
        struct fl_launch *l = fl_plan_add(plan, "fft_simd_rows", 1, global, lsz);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)n);
        fl_arg_int(l, npass);
        fl_arg_int(l, log2qs);
        fl_arg_int(l, p->sign > 0 ? 3 : 0);
        fl_launch_note(l, "a row per work-item: %d passes (%s) one after another, the row in L2",
                       npass, passes);
        plan->result = npass % 2 ? FL_BUF_B : FL_BUF_A;
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %.60s (%d passes in 1 launch), simd: one work-item takes a whole row through "
                 "all its passes, so the row (%zu KiB) stays in the core's L2 (N <= %zu, "
                 "FFTLAB_SIMD_FUSED_MAX; rows >= cores, or N <= 4096; --wg ignored). A pass does "
                 "%zu neighbouring columns at a time as %s%zu vectors, a whole radix-Q column in "
                 "registers. Pass twiddles: a table of w^(k*a*4^l), a = 1..3 (%zu values).",
                 passes, npass, n * elem_bytes(p) / 1024, simd_fused_max(), vl,
                 p->precision == FL_DOUBLE ? "double" : "float", vl, reals / 2);
        return 1;
    }

    int src = FL_BUF_A, dst = FL_BUF_B;
    span = 1;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i];
        size_t items = p->batch * (n / Q) / vl;
        /* always the same group size, even when items < group (the extra items return at
         * once): pocl compiles a kernel once per group size, so one size is one build */
        size_t local = p->wg ? p->wg : SIMD_GROUP;
        size_t global[1] = {(items + local - 1) / local * local}, lsz[1] = {local};
        char kernel[64];
        snprintf(kernel, sizeof kernel, "fft_simd_q%zu", Q);
        struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, lsz);
        int flags = (i == 0 && p->sign > 0 ? 1 : 0) | (i == npass - 1 && p->sign > 0 ? 2 : 0);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)n);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, (int)off[i]);
        fl_arg_int(l, flags);
        fl_arg_int(l, (int)items);
        fl_launch_note(l, "p=%zu Q=%zu: radix %zu in registers, %zu columns per item as vectors, "
                       "%s", span, Q, Q, vl, span == 1 ? "stores transposed (p = 1)"
                       : "twiddles from the table");
        span *= Q;
        int t = src;
        src = dst;
        dst = t;
    }
    plan->result = src;
    snprintf(plan->summary, sizeof plan->summary,
             "N = %.60s (%d passes), simd: a work-item does %zu neighbouring columns of a pass as "
             "%s%zu vectors (real and imaginary parts apart), a whole radix-Q column in "
             "registers, no local memory. Q <= %zu (FFTLAB_SIMD_QMAX), N/Q >= %zu, first Q >= "
             "%zu; fewest passes, log2 N split evenly. Pass twiddles: a table of w^(k*a*4^l), "
             "a = 1..3 (%zu values).", passes, npass, vl,
             p->precision == FL_DOUBLE ? "double" : "float", vl, simd_qmax(), vl, vl, reals / 2);
    return 1;
}
