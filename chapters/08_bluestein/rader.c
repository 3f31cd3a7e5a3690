/* 08_bluestein: Rader's algorithm for a prime N whose N - 1 is 7-smooth, where an L = N - 1
 * point FFT fits one group and Bluestein's M does not (lesson: "Rader's way for some
 * primes"). The kernel is rader_fused (kernels/08_bluestein.cl): the inputs permuted by
 * powers of a generator g, a cyclic convolution of length L by two L-point FFTs in one
 * group, the outputs permuted back. Here: whether N takes it, g, and the two tables, the
 * permutation and gh = FFT_L(b) / L. */
#include "bluestein.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


int bs_is_prime(size_t n)
{
    if (n < 2)
        return 0;
    for (size_t d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static uint64_t pow_mod(uint64_t b, uint64_t e, uint64_t n)
{
    uint64_t r = 1;
    for (b %= n; e; e >>= 1, b = b * b % n)
        if (e & 1)
            r = r * b % n;
    return r;
}

/* The smallest generator of the nonzero residues mod the prime N: g^((N-1)/q) != 1 for
 * every prime q dividing N - 1. */
static size_t generator(size_t n)
{
    size_t q[32], nq = 0, m = n - 1;
    for (size_t d = 2; d * d <= m; d++)
        if (m % d == 0) {
            q[nq++] = d;
            while (m % d == 0)
                m /= d;
        }
    if (m > 1)
        q[nq++] = m;
    for (size_t g = 2; g < n; g++) {
        size_t k = 0;
        while (k < nq && pow_mod(g, (n - 1) / q[k], n) != 1)
            k++;
        if (k == nq)
            return g;
    }
    return 1; /* N = 2: 1 generates {1} */
}

/* The plan of L = N - 1 points with RADICES, in *L: 0 if it is one pass without parts (1
 * pass) or two passes (2 passes), else -1. */
static int rader_layout(const struct fl_problem *p, const struct setup *s, const unsigned *radices,
                        int passes, struct fl_radix_limits *lim, struct fl_layout *L)
{
    char why[256];
    *lim = s->lim;
    lim->radices = radices;
    struct fl_layout_spec spec = {1, {p->n - 1}, p->batch, 0, 0, lim, 0, 0};
    if (fl_radix_leftover(p->n - 1, radices) != 1 || fl_layout_make(&spec, L, why, sizeof why) != 0 ||
        L->ax[0].rp.npasses != passes || L->ax[0].rp.pass[0].parts > 1)
        return -1;
    return 0;
}

int bs_rader_setup(const struct fl_problem *p, struct setup *s)
{
    if (strcmp(p->variant, "fused") != 0 || p->n < 3 || !bs_is_prime(p->n))
        return 0;
    /* only where Bluestein's M takes more passes: against a one-pass M, as at 1009 (M =
     * 2048), Rader's kernel was no faster on the H100 (NOTES.md, "Rader's way") */
    char why[256];
    struct fl_layout LB;
    struct fl_layout_spec bspec = {1, {s->m}, p->batch, 0, 0, &s->lim, 0, 0};
    if (fl_layout_make(&bspec, &LB, why, sizeof why) != 0 || LB.ax[0].rp.npasses <= 1)
        return 0;
    s->m_bluestein_passes = LB.ax[0].rp.npasses;
    struct fl_radix_limits lim;
    static struct fl_layout L;
    /* one group: L 7-smooth (lesson 06, "A radix-9 block": 2160 = 10 x 8 x 9 x 3); or
     * else two passes, 13-smooth with a block of 13 (README "Rader in passes": 65520 =
     * 16 x 9 x 5 x 7 x 13), the three launches of Bluestein's M in two passes */
    if (rader_layout(p, s, fl_radix_with9, 1, &lim, &L) == 0)
        s->rader = 1;
    else if (rader_layout(p, s, fl_radix_with13, 2, &lim, &L) == 0)
        s->rader = 2;
    else
        return 0;
    s->g = generator(p->n);
    s->m = p->n - 1;
    s->lim = lim;
    return 1;
}

static const double PI = 3.141592653589793238462643383279502884;

/* perm[p] = (g^p, g^-p) mod N, and gh = FFT_L(b) / L with b_m = exp(sign 2 pi i g^-m / N)
 * (the exponent folded to [-N/2, N/2] before the angle is rounded), by FFTW in double. */
static void fill_tables(size_t n, size_t g, int sign, double *perm, double *gh)
{
    size_t l = n - 1;
    double *b = malloc(2 * l * sizeof *b);
    if (!b)
        fl_die(FL_EXIT_OPENCL, "out of host memory for Rader's table of %zu values", l);
    size_t ginv = (size_t)pow_mod(g, n - 2, n), up = 1, down = 1;
    for (size_t m = 0; m < l; m++) {
        perm[2 * m] = (double)up;
        perm[2 * m + 1] = (double)down;
        double k = down > n / 2 ? (double)down - (double)n : (double)down;
        b[2 * m] = cos(2 * PI * k / (double)n);
        b[2 * m + 1] = sign * sin(2 * PI * k / (double)n);
        up = up * g % n;
        down = down * ginv % n;
    }
    if (fl_reference_dft(b, gh, l, 1, -1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not transform Rader's table of %zu values", l);
    for (size_t i = 0; i < 2 * l; i++)
        gh[i] /= (double)l;
    free(b);
}

/* Rader in two passes of L (Q0 x Q1): Bluestein's three launches (main.c, plan_middle)
 * with Rader's ends: the gather x[g^p] in the first pass's loads, gh and x[0] in the
 * middle, the scatter to X[g^-q] in the last pass's stores, X[0] from the middle. */
static void plan_rader_passes(const struct fl_problem *p, struct fl_plan *plan,
                              const struct setup *s, int twid, int tperm, int tgh,
                              const char *ndesc, const char *radices)
{
    const struct fl_radix_plan *rp = &s->L.ax[0].rp;
    static const char *const kernels[3] = {"bs_forward_first", "bs_middle",
                                           "rd_inverse_after_middle"};
    static const int pass_of[3] = {0, 1, 0};
    int w0 = fl_plan_scratch(plan, "work0", s->m * p->batch);
    int w1 = fl_plan_scratch(plan, "work1", s->m * p->batch);
    int src[3] = {FL_BUF_A, w0, w1}, dst[3] = {w0, w1, FL_BUF_B};
    for (int step = 0; step < 3; step++) {
        const struct fl_radix_pass *ps = &rp->pass[pass_of[step]];
        struct fl_launch *l = bs_add_pass(plan, s, pass_of[step], kernels[step], src[step],
                                          dst[step], bs_elem_bytes(p));
        fl_arg_buffer(l, twid);
        fl_arg_buffer(l, step == 1 ? FL_BUF_A : tperm); /* the middle reads x[0] */
        fl_arg_buffer(l, step == 2 ? w0 : tgh);         /* the last copies X[0] */
        fl_arg_int(l, (int)p->batch);
        char rs[64];
        fl_radix_join(ps->radix, ps->nstages, rs, sizeof rs);
        if (step == 0)
            fl_launch_note(l, "forward FFT_L pass 1/2: p=1 Q=%zu = %s; %zu columns x %zu items; "
                           "loads x[g^p]", ps->q, rs, ps->columns, ps->items);
        else if (step == 1)
            fl_launch_note(l, "forward pass 2/2 (p=%zu Q=%zu = %s), *gh, conj, inverse pass 1/2 "
                           "(p=1); X[0] aside, x[0] into bin 0; %zu columns x %zu items", rp->pass[0].q, ps->q, rs,
                           ps->columns, ps->items);
        else
            fl_launch_note(l, "inverse FFT_L pass 2/2: p=%zu Q=%zu = %s; %zu columns x %zu items; "
                           "stores x[0] + conv to X[g^-q], and X[0]", rp->pass[1].q,
                           ps->q, rs, ps->columns, ps->items);
    }
    snprintf(plan->summary, sizeof plan->summary,
             "N = %s by Rader, g = %zu: the inputs x[g^p] and outputs X[g^-q] (p, q < N - 1) "
             "turn the DFT into a cyclic convolution of length L = N - 1 = %zu = %s, in two "
             "passes, where Bluestein's M = %zu takes %d: Bluestein's three launches on L "
             "points; the middle adds x[0] to the spectrum's bin 0 (so to every output) and "
             "keeps X[0] = x[0] + A[0] aside. --variant no_rader: Bluestein.", ndesc, s->g,
             s->m, radices, s->m_bluestein, s->m_bluestein_passes);
}

void bs_plan_rader(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                   const char *ndesc)
{
    const struct fl_radix_plan *rp = &s->L.ax[0].rp;
    const struct fl_radix_pass *ps = &rp->pass[0];
    double *perm, *gh;
    int tperm = fl_plan_table(plan, "rader_perm", s->m, &perm);
    int tgh = fl_plan_table(plan, "rader_gh", s->m, &gh);
    fill_tables(p->n, s->g, p->sign, perm, gh);
    int twid = fl_twiddle_table(plan, "twiddles_x", s->m, s->L.ax[0].lo_bits);
    char radices[64];
    fl_radix_join(rp->radix, rp->nstages, radices, sizeof radices);
    plan->result = FL_BUF_B;
    if (s->rader == 2) {
        plan_rader_passes(p, plan, s, twid, tperm, tgh, ndesc, radices);
        return;
    }
    struct fl_launch *l = bs_add_pass(plan, s, 0, "rader_fused", FL_BUF_A, FL_BUF_B, bs_elem_bytes(p));
    fl_arg_buffer(l, twid);
    fl_arg_buffer(l, tperm);
    fl_arg_buffer(l, tgh);
    fl_arg_int(l, (int)p->batch);
    fl_launch_note(l, "L=%zu = %s: %zu row%s x %zu items per group: x[g^p], FFT_L, *gh, FFT_L, "
                   "x[0] + conv to X[g^-q]", s->m, radices, ps->columns, ps->columns == 1 ? "" : "s",
                   ps->items);
    snprintf(plan->summary, sizeof plan->summary,
             "N = %s by Rader, g = %zu: the inputs x[g^p] and outputs X[g^-q] (p, q < N - 1) "
             "turn the DFT into a cyclic convolution of length L = N - 1 = %zu = %s, 7-smooth "
             "and one group's, where Bluestein's M = %zu takes %d passes: one launch, two FFTs "
             "of L in local memory, X[0] = x[0] + the first FFT's output 0. --variant "
             "no_rader: Bluestein.", ndesc, s->g, s->m, radices, s->m_bluestein,
             s->m_bluestein_passes);
}
