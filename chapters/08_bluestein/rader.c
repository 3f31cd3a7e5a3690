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

int bs_rader_setup(const struct fl_problem *p, struct setup *s)
{
    if (strcmp(p->variant, "fused") != 0 || p->n < 3 || !bs_is_prime(p->n) ||
        fl_radix_leftover(p->n - 1, fl_radix_with9) != 1)
        return 0;
    /* only where Bluestein's M takes more passes: against a one-pass M, as at 1009 (M =
     * 2048), Rader's kernel was no faster on the H100 (NOTES.md, "Rader's way") */
    char why[256];
    struct fl_layout LB;
    struct fl_layout_spec bspec = {1, {s->m}, p->batch, 0, 0, &s->lim, 0, 0, "M"};
    if (fl_layout_make(&bspec, &LB, why, sizeof why) != 0 || LB.ax[0].rp.npasses <= 1)
        return 0;
    s->m_bluestein_passes = LB.ax[0].rp.npasses;
    struct fl_radix_limits lim = s->lim;
    lim.radices = fl_radix_with9; /* lesson 06, "A radix-9 block": 2160 = 10 x 8 x 9 x 3 */
    struct fl_layout L;
    struct fl_layout_spec spec = {1, {p->n - 1}, p->batch, 0, 0, &lim, 0, 0, "L"};
    if (fl_layout_make(&spec, &L, why, sizeof why) != 0 || L.ax[0].rp.npasses != 1 ||
        L.ax[0].rp.pass[0].parts > 1)
        return 0;
    s->rader = 1;
    s->g = generator(p->n);
    s->m = p->n - 1;
    s->lim = lim;
    return 1;
}

static const double PI = 3.141592653589793238462643383279502884;

/* perm[a] = (g^a, g^-a) mod N, and gh = FFT_L(b) / L with b_e = exp(sign 2 pi i g^-e / N)
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
    struct fl_launch *l = bs_add_pass(plan, s, 0, "rader_fused", FL_BUF_A, FL_BUF_B, bs_elem_bytes(p));
    fl_arg_buffer(l, twid);
    fl_arg_buffer(l, twid); /* tw_inv: the same table, for the inverse (fused_row) */
    fl_arg_buffer(l, tperm);
    fl_arg_buffer(l, tgh);
    fl_arg_int(l, (int)p->batch);
    fl_launch_note(l, "L=%zu = %s: %zu row%s x %zu items per group: x[g^a], FFT_L, *gh, FFT_L, "
                   "x[0] + conv to X[g^-h]", s->m, radices, ps->columns, ps->columns == 1 ? "" : "s",
                   ps->items);
    snprintf(plan->summary, sizeof plan->summary,
             "N = %s by Rader, g = %zu: the inputs x[g^a] and outputs X[g^-h] (a, h < N - 1) "
             "turn the DFT into a cyclic convolution of length L = N - 1 = %zu = %s, 7-smooth "
             "and one group's, where Bluestein's M = %zu takes %d passes: one launch, two FFTs "
             "of L in local memory, X[0] = x[0] + the first FFT's output 0. --variant "
             "no_rader: Bluestein.", ndesc, s->g, s->m, radices, s->m_bluestein,
             s->m_bluestein_passes);
}
