/* 08_bluestein — any N up to 2^24, primes too: the DFT as a convolution.
 *
 * What changed since 07_multidim: 06 and 07 take lengths made of 2, 3, 5 and 7 only.
 *
 * The idea (Bluestein's chirp-z algorithm): with jk = (j^2 + k^2 - (k - j)^2) / 2 the
 * DFT of any length N is a chirp c_n = exp(sign*pi*i*n^2/N) times a convolution with the
 * conjugate chirp,
 *     X[k] = c_k * sum_j (x[j]*c_j) * conj(c_(k-j)),
 * and a convolution is a pointwise product between two FFTs of a length M >= 2N - 1 that
 * we choose, so 06's passes do the work:
 *     Z = FFT_M(x*c, zero-padded) * Bh,  conv = conj(FFT_M(conj Z)),  X = c * conv
 * with Bh = FFT_M(b) / M, b the conjugate chirp wrapped to M. The tables c and Bh are
 * computed once on the host, in double (fill_chirp, fill_bhat below); length.c picks M
 * (fewest passes, then least work).
 *
 * Variants (--variant):
 *   fused         (default) one launch when M fits a work-group (N <= 2048 in fp32): a
 *                 group takes rows through x*c, FFT_M, *Bh, FFT_M, *c in local memory;
 *                 larger M: the passes with the multiplies in their loads and stores.
 *                 For a prime N whose N - 1 is 7-smooth (where Bluestein's M is not one
 *                 group's) it uses Rader's algorithm instead: rader.c, one launch.
 *   no_rader      fused by Bluestein for every N (the lesson's comparison).
 *   fused_passes  the passes of both FFTs, the multiplies inside the first and last.
 *   plain         separate kernels for every step: 2 x passes + 3 launches.
 *   simd          for a CPU: plain's steps with 06's simd passes.
 *   chirp_table   the exercise: fused, with another chirp, c'_n = exp(sign*pi*i*n(n+N)/N),
 *                 from your chirp() (fill_chirp_exercise makes its Bh).
 *
 * Run it:
 *   make 08_bluestein
 *   ./build/08_bluestein --size 1009 --batch 64 --explain
 *   ./build/08_bluestein --size 65521 --variant plain --explain
 *   ./build/08_bluestein --size 1048583 --inverse --precision double
 *   ./build/08_bluestein --size 1009 --variant chirp_table      (the exercise)
 *
 * Files: bluestein.h (what the files share), length.c (the choice of M, the checks, -D
 * options), plan.c (launch helpers, --variant simd), rader.c. --explain shows N, M and
 * why that M, the tables, every launch, and names every kernel file compiled. Lesson:
 * README.md here; measurements: NOTES.md. */
#include "bluestein.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"fused", "the default: the whole transform in one launch when M fits a work-group "
     "(both FFTs in local memory); M in two passes: fused_passes with the middle two passes "
     "in one (3 launches); else fused_passes; a prime whose N - 1 is 7-smooth and one "
     "group's, where M is not: by Rader, one launch", NULL, 0},
    {"no_rader", "fused by Bluestein for every N, also the primes that fused does by Rader "
     "(the lesson's comparison)", NULL, 0},
    {"fused_passes", "the chirp and Bh multiplies inside the first and last passes (06's "
     "hooks): 2 x passes launches (the lesson's comparison for two passes)", NULL, 0},
    {"plain", "the textbook pipeline, each multiply a kernel of its own: 2 x passes + 3 "
     "launches", NULL, 0},
    {"chirp_table", "fused, with the chirp c'_n = exp(sign pi i n(n+N)/N) computed on the "
     "device by your chirp() (exercise)",
     "exercises/08_bluestein/chirp_table.cl", 0},
    {"simd", "for a CPU: plain's steps on 06's simd passes; where a row fits a core's "
     "cache, a work-item takes whole rows through all of them (kernels/08_simd.cl)", NULL, 0},
    {NULL, NULL, NULL, 0},
};

static const double PI = 3.141592653589793238462643383279502884;

/* c_n = exp(sign*pi*i*n^2/N) for n < N: n^2 reduced mod 2N in integers (c_n has period 2N
 * in n^2), folded to [-N, N), so the angle is within [-pi, pi) before it is rounded. */
static void fill_chirp(size_t n, int sign, double *c)
{
    for (size_t j = 0; j < n; j++) {
        uint64_t r = (uint64_t)j * j % (2 * (uint64_t)n);
        double s = r >= n ? (double)r - 2.0 * (double)n : (double)r;
        double angle = PI * s / (double)n;
        c[2 * j] = cos(angle);
        c[2 * j + 1] = sign * sin(angle);
    }
}

/* The exercise's chirp (--variant chirp_table), c'_n = exp(sign*pi*i*n(n+N)/N) for n < N:
 * the identity takes it as well as c (why is the exercise's first question). n(n+N) <
 * 2^49 is exact in a double, and so is fmod of it: the angle is rounded once. The device
 * computes the table in the student's chirp(); Bh is made from this one, so a chirp() that
 * returns the chapter's c fails. */
static void fill_chirp_exercise(size_t n, int sign, double *c)
{
    for (size_t j = 0; j < n; j++) {
        double angle = PI * fmod((double)j * (double)(j + n), 2.0 * (double)n) / (double)n;
        c[2 * j] = cos(angle);
        c[2 * j + 1] = sign * sin(angle);
    }
}

/* Bh = FFT_M(b) / M with b_m = conj(c_m) for m < N, b_(M-m) = conj(c_m) for 0 < m < N,
 * zero between: the convolution's second factor, by FFTW in double. */
static void fill_bhat(size_t n, size_t m, const double *c, double *bh)
{
    double *b = calloc(2 * m, sizeof *b);
    if (!b)
        fl_die(FL_EXIT_OPENCL, "out of host memory for Bluestein's table of %zu values", m);
    for (size_t j = 0; j < n; j++) {
        b[2 * j] = c[2 * j];
        b[2 * j + 1] = -c[2 * j + 1];
        if (j > 0) {
            b[2 * (m - j)] = c[2 * j];
            b[2 * (m - j) + 1] = -c[2 * j + 1];
        }
    }
    if (fl_reference_dft(b, bh, m, 1, -1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not transform Bluestein's table of %zu values", m);
    for (size_t i = 0; i < 2 * m; i++)
        bh[i] /= (double)m;
    free(b);
}

/* The tables of PLAN: the chirp (uploaded, or for chirp_table a scratch buffer that the
 * plan's first launch fills on the device) into *CH, and Bh, returned. */
static int make_tables(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                       int *ch)
{
    double *c = malloc(2 * p->n * sizeof *c), *bh;
    if (!c)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the chirp (%zu values)", p->n);
    if (s->device_chirp)
        fill_chirp_exercise(p->n, p->sign, c); /* for Bh; the device makes the table */
    else
        fill_chirp(p->n, p->sign, c);
    if (s->device_chirp) {
        size_t g = bs_group_items(p);
        *ch = fl_plan_scratch(plan, "chirp", p->n);
        size_t global[1] = {(p->n + g - 1) / g * g}, local[1] = {g};
        struct fl_launch *l = fl_plan_add(plan, "chirp_table", 1, global, local);
        fl_arg_buffer(l, *ch);
        fl_arg_int(l, p->sign);
        fl_launch_note(l, "c'_n = exp(%s pi i n(n+N)/N) for n < %zu, computed on the device "
                       "(your chirp())", p->sign < 0 ? "-" : "+", p->n);
    } else {
        double *t;
        *ch = fl_plan_table(plan, "chirp", p->n, &t);
        memcpy(t, c, 2 * p->n * sizeof *c);
    }
    int bhat = fl_plan_table(plan, "bhat", s->m, &bh);
    fill_bhat(p->n, s->m, c, bh);
    free(c);
    return bhat;
}

/* plain: premultiply (and pad), the forward passes, *Bh, the inverse passes (conj in,
 * conj out), postmultiply (and cut to N): each step a launch of its own. */
static void plan_plain(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                       int ch, int bhat, char *sum, size_t sum_len)
{
    size_t elem = bs_elem_bytes(p), g = bs_group_items(p);
    int w0 = fl_plan_scratch(plan, "work0", s->m * p->batch);
    int w1 = fl_plan_scratch(plan, "work1", s->m * p->batch);
    struct fl_launch *l = bs_add_rows(plan, "bs_premul", s->m, p->batch, g);
    fl_arg_buffer(l, FL_BUF_A);
    fl_arg_buffer(l, w0);
    fl_arg_buffer(l, ch);
    fl_launch_note(l, "a = x * c, zero-padded from N = %zu to M = %zu", p->n, s->m);
    int r = fl_layout_launches(plan, &s->L, elem, w0, w1, 0, 0, NULL, 0);
    l = bs_add_rows(plan, "bs_pointwise", s->m, p->batch, g);
    fl_arg_buffer(l, r);
    fl_arg_buffer(l, bhat);
    fl_launch_note(l, "Z = FFT_M(a) * Bh in place (Bh = FFT_M(b) / M, from the host)");
    /* the inverse: conj(FFT_M(conj Z)), conjugating in the first pass and out the last */
    r = fl_layout_launches(plan, &s->L, elem, r, r == w0 ? w1 : w0, 1, 2, NULL, 0);
    l = bs_add_rows(plan, "bs_postmul", p->n, p->batch, g);
    fl_arg_buffer(l, r);
    fl_arg_buffer(l, FL_BUF_B);
    fl_arg_buffer(l, ch);
    fl_launch_note(l, "X = c * conv for the first N = %zu of the M = %zu outputs", p->n, s->m);
    snprintf(sum, sum_len, "plain: %d launches: premultiply, the forward FFT_M, pointwise, the "
             "inverse (conj in, conj out), postmultiply; each multiply one more read and write "
             "of M x batch.", plan->nlaunch);
}

/* fused, where M fits one group: bluestein_fused does x*c, FFT_M, *Bh, FFT_M, *c for the
 * group's rows in one launch, nothing in between in global memory. */
static void plan_one_kernel(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                            int twid, int ch, int bhat, char *sum, size_t sum_len)
{
    const struct fl_radix_plan *rp = &s->L.ax[0].rp;
    const struct fl_radix_pass *ps = &rp->pass[0];
    char radices[64];
    fl_radix_join(rp->radix, rp->nstages, radices, sizeof radices);
    struct fl_launch *l = bs_add_pass(plan, s, 0, "bluestein_fused", FL_BUF_A, FL_BUF_B, bs_elem_bytes(p));
    fl_arg_buffer(l, twid);
    fl_arg_buffer(l, twid); /* tw_inv: the same table, for the inverse (fused_row) */
    fl_arg_buffer(l, ch);
    fl_arg_buffer(l, bhat);
    fl_arg_int(l, (int)p->batch);
    fl_launch_note(l, "M=%zu = %s: %zu row%s x %zu items per group: x*c, FFT_M, *Bh, FFT_M, *c, "
                   "the first N out", s->m, radices, ps->columns, ps->columns == 1 ? "" : "s",
                   ps->items);
    snprintf(sum, sum_len, "%s: one launch%s; a group takes %zu row%s through x*c, FFT_M, *Bh, "
             "FFT_M (conjugated), *c in local memory (M <= %zu): x read once, X written once.",
             p->variant, s->device_chirp ? " after chirp_table" : "", ps->columns,
             ps->columns == 1 ? "" : "s", rp->single_pass_max);
}

/* fused past one group, M in two passes (Q0 x Q1): the forward's last pass and the
 * inverse's first touch the same columns, so bs_middle does both (*Bh between them, in
 * registers): 3 launches where fused_passes takes 4 (README "The middle two passes in
 * one"). */
static void plan_middle(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                        int twid, int ch, int bhat, char *sum, size_t sum_len)
{
    const struct fl_radix_plan *rp = &s->L.ax[0].rp;
    static const char *const kernels[3] = {"bs_forward_first", "bs_middle",
                                           "bs_inverse_after_middle"};
    static const int pass_of[3] = {0, 1, 0};
    int w0 = fl_plan_scratch(plan, "work0", s->m * p->batch);
    int w1 = fl_plan_scratch(plan, "work1", s->m * p->batch);
    int src[3] = {FL_BUF_A, w0, w1}, dst[3] = {w0, w1, FL_BUF_B};
    for (int step = 0; step < 3; step++) {
        const struct fl_radix_pass *ps = bs_pass_shape(s, pass_of[step], kernels[step]);
        struct fl_launch *l = bs_add_pass(plan, s, pass_of[step], kernels[step], src[step],
                                          dst[step], bs_elem_bytes(p));
        fl_arg_buffer(l, twid);
        fl_arg_buffer(l, ch);
        fl_arg_buffer(l, bhat);
        fl_arg_int(l, (int)p->batch);
        char rs[64];
        fl_radix_join(ps->radix, ps->nstages, rs, sizeof rs);
        if (step == 0)
            fl_launch_note(l, "forward FFT_M pass 1/2: p=1 Q=%zu = %s; %zu columns x %zu items; "
                           "loads x*c (0 past N)", ps->q, rs, ps->columns, ps->items);
        else if (step == 1)
            fl_launch_note(l, "forward pass 2/2 (p=%zu Q=%zu = %s), *Bh, conj, inverse pass 1/2 "
                           "(p=1, the same columns); %zu columns x %zu items", rp->pass[0].q, ps->q,
                           rs, ps->columns, ps->items);
        else
            fl_launch_note(l, "inverse FFT_M pass 2/2: p=%zu Q=%zu = %s; %zu columns x %zu items; "
                           "stores c*conv, the first N", rp->pass[1].q, ps->q, rs, ps->columns,
                           ps->items);
    }
    snprintf(sum, sum_len, "%s: 3 launches (M > one group's most, two passes); x*c in the first "
             "pass's loads, the forward's last pass and the inverse's first in one with *Bh "
             "between them, *c and the cut to N in the last pass's stores.", p->variant);
}

/* fused_passes (and fused past one group, but for two passes): the passes of both FFTs,
 * A -> work -> ... -> B, with x*c in the first pass's loads, *Bh in the last forward pass's
 * stores and *c (and the cut to N) in the last inverse pass's stores: 06's pass hooks. */
static void plan_hooked(const struct fl_problem *p, struct fl_plan *plan, const struct setup *s,
                        int twid, int ch, int bhat, char *sum, size_t sum_len)
{
    const struct fl_radix_plan *rp = &s->L.ax[0].rp;
    int passes = rp->npasses;
    int w[2] = {fl_plan_scratch(plan, "work0", s->m * p->batch),
                s->scratch > 1 ? fl_plan_scratch(plan, "work1", s->m * p->batch) : -1};
    int src = FL_BUF_A, step = 0, total = 2 * passes;
    for (int inv = 0; inv < 2; inv++)
        for (int k = 0; k < passes; k++, step++) {
            const struct fl_radix_pass *ps = &rp->pass[k];
            int dst = step == total - 1 ? FL_BUF_B : w[step % s->scratch];
            const char *kernel, *does = "";
            char name[32];
            if (!inv && k == 0) {
                kernel = "bs_forward_first";
                does = passes == 1 ? "; loads x*c (0 past N), stores FFT_M(a)*Bh" : "; loads x*c (0 past N)";
            } else if (!inv && k == passes - 1) {
                kernel = "bs_forward_last";
                does = "; stores FFT_M(a)*Bh";
            } else if (inv && k == passes - 1) {
                kernel = "bs_inverse_last";
                does = "; stores c*conv, the first N";
            } else {
                snprintf(name, sizeof name, "fft_rows_x_p%d", k);
                kernel = name;
            }
            struct fl_launch *l = bs_add_pass(plan, s, k, kernel, src, dst, bs_elem_bytes(p));
            fl_arg_buffer(l, twid);
            if (kernel != name) {
                fl_arg_buffer(l, ch);
                fl_arg_buffer(l, bhat);
                fl_arg_int(l, (int)p->batch);
            } else {
                fl_arg_int(l, (int)p->batch);
                fl_arg_int(l, inv && k == 0 ? 1 : 0); /* PASS_CONJ_IN */
            }
            char rs[64];
            fl_radix_join(ps->radix, ps->nstages, rs, sizeof rs);
            fl_launch_note(l, "%s FFT_M pass %d/%d: p=%zu Q=%zu = %s; %zu %s x %zu items%s",
                           inv ? "inverse" : "forward", k + 1, passes, ps->span, ps->q, rs,
                           ps->columns, passes == 1 ? "rows" : "columns", ps->items, does);
            src = dst;
        }
    snprintf(sum, sum_len, "%s: %d launches%s; x*c in the first pass's loads, *Bh in the last "
             "forward pass's stores, *c and the cut to N in the last inverse pass's stores.",
             p->variant, plan->nlaunch, strcmp(p->variant, "fused_passes") ? " (M > one group's most)" : "");
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct setup s;
    char why[256];
    plan->result = FL_BUF_A;
    if (bs_setup(p, &s, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* bs_check refused it already */
    if (p->n == 1) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform (M = 1, "
                 "no launch)");
        return;
    }
    char radices[64], ndesc[96], why_m[320];
    bs_describe_n(p->n, ndesc, sizeof ndesc);
    if (s.rader) { /* README "Rader's way for some primes" */
        bs_plan_rader(p, plan, &s, ndesc);
        return;
    }
    int ch, bhat = make_tables(p, plan, &s, &ch);
    if (s.simd) {
        bs_plan_simd(p, plan, &s, ch, bhat, ndesc);
        return;
    }
    const struct fl_axis *ax = &s.L.ax[0];
    const struct fl_radix_plan *rp = &ax->rp;
    fl_radix_join(rp->radix, rp->nstages, radices, sizeof radices);
    bs_why_m(p, &s, why_m, sizeof why_m);
    int sl = snprintf(plan->summary, sizeof plan->summary, "N = %s by Bluestein, M = %zu = %s: %d "
                      "pass%s, %d stage%s (%s). %s", ndesc, s.m, radices, rp->npasses,
                      rp->npasses == 1 ? "" : "es", rp->nstages, rp->nstages == 1 ? "" : "s", why_m,
                      strcmp(p->variant, "simd") ? ""
                      : "(simd: no simd plan for M up to twice the planner's, so the default plan) ");
    if (sl >= (int)sizeof plan->summary)
        sl = (int)sizeof plan->summary - 1;
    char *sum = plan->summary + sl;
    size_t sum_len = sizeof plan->summary - (size_t)sl;

    plan->result = FL_BUF_B;
    if (strcmp(p->variant, "plain") == 0) {
        plan_plain(p, plan, &s, ch, bhat, sum, sum_len);
        return;
    }
    /* fused: the twiddles of M as chapter 07's axis table (lo, then hi) */
    int twid = fl_twiddle_table(plan, "twiddles_x", s.m, ax->lo_bits);
    if (s.one_kernel)
        plan_one_kernel(p, plan, &s, twid, ch, bhat, sum, sum_len);
    else if (rp->npasses == 2 && strcmp(p->variant, "fused_passes") != 0)
        plan_middle(p, plan, &s, twid, ch, bhat, sum, sum_len);
    else
        plan_hooked(p, plan, &s, twid, ch, bhat, sum, sum_len);
}

int main(int argc, char **argv)
{
    /* 06_simd.cl and 08_simd.cl compile to nothing without -D FFT_SIMD (--variant simd) */
    static const char *const uses[] = {"08_pass_hooks.cl", "06_passes.cl", "06_blocks_25_27.cl",
                                       "06_row_parts.cl", "06_column_parts.cl",
                                       "05_register_radix.cl", "06_mixed_radix.cl",
                                       "07_multidim.cl", "08_fused_convolution.cl", "simd_cv.cl",
                                       "06_simd.cl", "08_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "08_bluestein",
        .title = "any N: the DFT as a convolution of 7-smooth length (Bluestein's chirp-z)",
        .kernel_file = "08_bluestein.cl",
        .uses = uses,
        .help = "Any N from 1 to 2^24, primes too. X = c * (a conv b) with the chirp\n"
                "c_n = exp(-+ pi i n^2/N), a = x*c, b = conj(c): a circular convolution of length\n"
                "M >= 2N - 1 by two FFTs of M points (06's passes; M = 2^a 3^b 5^c 7^d, chosen for\n"
                "the fewest passes, then the least work). The default variant (fused) does a whole\n"
                "transform in one launch when M fits a work-group, and a prime whose N - 1 is\n"
                "7-smooth by Rader (a convolution of N - 1) where that fits one and M does not;\n"
                "fused_passes puts the multiplies in the first and last passes; plain runs them\n"
                "as kernels of their own; simd runs plain's steps on 06's CPU passes. --wg sets\n"
                "the work-items per group the planner may use (default 256); --explain shows M,\n"
                "why, and every launch.",
        .demo_n = 1009,
        .demo_batch = 256,
        .limit_note = ";\nM x batch at most the same (the work buffers; M >= 2N - 1, --explain "
                      "prints it):\nat N = 2^24, M = 2^25, a batch of at most 32",
        .bound = FL_BOUND_CHIRP,
        .variants = variants,
        .check = bs_check,
        .plan = plan,
        .build_options = bs_build_options,
    };
    return fl_main(argc, argv, &chapter);
}
