/* common/reference.c and timing.c's statistics: the FFTW reference against a direct
 * long-double DFT, the test signals, the error measures, the bounds, the generator. */
#define _POSIX_C_SOURCE 200809L
#include "../../common/reference.h"
#include "../../common/report.h"
#include "../../common/timing.h"
#include "tap.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* y[k] = sum_j x[j] exp(sign 2 pi i jk/n), per row, in long double with jk reduced mod n. */
static void direct_dft(const double *x, double *y, size_t n, size_t batch, int sign)
{
    const long double two_pi = 6.283185307179586476925286766559005768L;
    for (size_t b = 0; b < batch; b++)
        for (size_t k = 0; k < n; k++) {
            long double re = 0, im = 0;
            for (size_t j = 0; j < n; j++) {
                long double a = sign * two_pi * (long double)((j * k) % n) / (long double)n;
                long double c = cosl(a), s = sinl(a);
                long double xr = x[2 * (b * n + j)], xi = x[2 * (b * n + j) + 1];
                re += xr * c - xi * s;
                im += xr * s + xi * c;
            }
            y[2 * (b * n + k)] = (double)re;
            y[2 * (b * n + k) + 1] = (double)im;
        }
}

static double max_abs_diff(const double *a, const double *b, size_t count, double *scale)
{
    double d = 0, s = 0;
    for (size_t i = 0; i < count; i++) {
        double e = hypot(a[2 * i] - b[2 * i], a[2 * i + 1] - b[2 * i + 1]);
        if (!(e <= d)) d = e; /* NaN wins */
        double m = hypot(b[2 * i], b[2 * i + 1]);
        if (m > s) s = m;
    }
    *scale = s;
    return d;
}

static void reference_vs_direct(void)
{
    static const size_t sizes[] = {1, 2, 3, 8, 12, 17};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int sign = -1; sign <= 1; sign += 2) {
            size_t n = sizes[si], batch = 3, count = n * batch;
            double *x = malloc(count * 16), *y = malloc(count * 16), *want = malloc(count * 16);
            fl_fill_random(x, count, 7 + n);
            for (size_t i = 0; i < 2 * count; i++)
                y[i] = NAN;
            int rc = fl_reference_dft(x, y, n, batch, sign);
            is_int(rc, 0, "fl_reference_dft N=%zu batch %zu sign %+d returns 0", n, batch, sign);
            direct_dft(x, want, n, batch, sign);
            double scale, d = max_abs_diff(y, want, count, &scale);
            /* FFTW in double: error ~ eps log N, far below 1e-14 of the largest output. */
            if (!ok(d <= 1e-14 * scale, "N=%zu sign %+d: FFTW matches the direct DFT", n, sign))
                diag("max |diff| %.3g, max |y| %.3g", d, scale);
            /* The input is left alone. */
            double *x2 = malloc(count * 16);
            fl_fill_random(x2, count, 7 + n);
            ok(memcmp(x, x2, count * 16) == 0, "N=%zu sign %+d: input unchanged", n, sign);
            free(x2);
            free(x);
            free(y);
            free(want);
        }
    /* In place (in == out) is allowed by the implementation's copy; check it works. */
    {
        size_t n = 12;
        double x[24], want[24];
        fl_fill_random(x, n, 3);
        direct_dft(x, want, n, 1, -1);
        fl_reference_dft(x, x, n, 1, -1);
        double scale, d = max_abs_diff(x, want, n, &scale);
        ok(d <= 1e-14 * scale, "in == out gives the same answer");
    }
}

static void impulses_and_tones(void)
{
    /* An impulse at 0 transforms to all ones, in both directions, for every row. */
    static const size_t sizes[] = {1, 2, 5, 16, 17, 1000};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int sign = -1; sign <= 1; sign += 2) {
            size_t n = sizes[si], batch = 2, count = n * batch;
            double *x = malloc(count * 16), *y = malloc(count * 16);
            memset(x, 0x7f, count * 16);
            fl_fill_impulse(x, n, batch, 0);
            int impulse_ok = 1;
            for (size_t b = 0; b < batch; b++)
                for (size_t j = 0; j < n; j++) {
                    double want = j == (0 + b) % n ? 1.0 : 0.0;
                    if (x[2 * (b * n + j)] != want || x[2 * (b * n + j) + 1] != 0.0)
                        impulse_ok = 0;
                }
            ok(impulse_ok, "fl_fill_impulse N=%zu: row b has a 1 at (0 + b) mod N, zeros elsewhere", n);
            fl_fill_impulse(x, n, 1, 0);
            fl_reference_dft(x, y, n, 1, sign);
            double worst = 0;
            for (size_t k = 0; k < n; k++)
                worst = fmax(worst, hypot(y[2 * k] - 1.0, y[2 * k + 1]));
            if (!ok(worst <= 1e-15, "impulse at 0, N=%zu sign %+d: every bin is 1", n, sign))
                diag("worst |y - 1| = %.3g", worst);
            free(x);
            free(y);
        }
    {
        /* fl_fill_impulse's position wraps per row. */
        size_t n = 5, batch = 4;
        double x[40];
        fl_fill_impulse(x, n, batch, 3);
        int good = 1;
        for (size_t b = 0; b < batch; b++)
            for (size_t j = 0; j < n; j++)
                good &= x[2 * (b * n + j)] == (j == (3 + b) % n ? 1.0 : 0.0);
        ok(good, "fl_fill_impulse pos 3, N=5, batch 4: positions 3, 4, 0, 1");
    }

    /* A tone puts all its energy in bin (k + b) mod n of row b, in its own direction. */
    struct { size_t n, batch, k; } cases[] = {{16, 4, 3}, {16, 4, 14}, {17, 5, 5}, {12, 3, 0}, {1, 2, 0}};
    for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
        for (int sign = -1; sign <= 1; sign += 2) {
            size_t n = cases[ci].n, batch = cases[ci].batch, k = cases[ci].k, count = n * batch;
            double *x = malloc(count * 16), *y = malloc(count * 16);
            fl_fill_tone(x, n, batch, k, sign);
            int unit = 1;
            for (size_t i = 0; i < count; i++)
                unit &= fabs(hypot(x[2 * i], x[2 * i + 1]) - 1.0) <= 1e-15;
            ok(unit, "tone N=%zu k=%zu sign %+d: every sample has magnitude 1", n, k, sign);
            fl_reference_dft(x, y, n, batch, sign);
            double off = 0, on_err = 0;
            for (size_t b = 0; b < batch; b++)
                for (size_t j = 0; j < n; j++) {
                    const double *v = y + 2 * (b * n + j);
                    if (j == (k + b) % n)
                        on_err = fmax(on_err, hypot(v[0] - (double)n, v[1]));
                    else
                        off = fmax(off, hypot(v[0], v[1]));
                }
            if (!ok(on_err <= 1e-12 * (double)n && off <= 1e-12 * (double)n,
                    "tone N=%zu batch %zu k=%zu sign %+d: y = N at bin (k+b) mod N, 0 elsewhere",
                    n, batch, k, sign))
                diag("error at the bin %.3g, largest elsewhere %.3g", on_err, off);
            if (n > 2 && k != 0 && 2 * k != n) {
                /* In the other direction the energy goes to the mirrored bin. */
                fl_reference_dft(x, y, n, 1, -sign);
                size_t mirror = (n - k % n) % n;
                ok(hypot(y[2 * mirror] - (double)n, y[2 * mirror + 1]) <= 1e-12 * (double)n,
                   "tone N=%zu k=%zu sign %+d, transformed with sign %+d: peak at N-k = %zu", n,
                   k, sign, -sign, mirror);
            }
            free(x);
            free(y);
        }
}

/* A zero reference of a nonzero input fails the run (the runner's check). */
static void lost_reference(void)
{
    double x[6] = {0, 0, 0.5, 0, 0, 0}, zero[6] = {0}, y[6] = {0, 0, 0, 1e-300, 0, 0};
    ok(fl_reference_lost(x, 3, zero, 3) == 1, "reference lost: all-zero answer of a nonzero input");
    ok(fl_reference_lost(zero, 3, zero, 3) == 0, "reference kept: zeros are the answer for zeros");
    ok(fl_reference_lost(x, 3, y, 3) == 0, "reference kept: one tiny nonzero value is an answer");
    ok(fl_reference_lost(x, 3, zero, 2) == 1, "reference lost: sides of other lengths (r2c)");
}

static void compare(void)
{
    struct fl_error e;
    double ref[8] = {3, 4, 0, 1, 1, 0, 0, 0}; /* |ref|^2 = 25, 1, 1, 0 */
    double out[8];

    memcpy(out, ref, sizeof out);
    memset(&e, 0x55, sizeof e);
    fl_compare(out, ref, 4, &e);
    ok(e.rel_l2 == 0 && e.rel_max == 0 && e.nonfinite == 0, "equal arrays: zero errors, no non-finite");

    /* One element off by (0.3, 0.4): |d| = 0.5. */
    memcpy(out, ref, sizeof out);
    out[6] += 0.3;
    out[7] += 0.4;
    fl_compare(out, ref, 4, &e);
    is_double_near(e.rel_l2, 0.5 / sqrt(27.0), 1e-15, "one wrong element: rel L2 = |d| / ||ref||");
    is_double_near(e.rel_max, 0.5 / 5.0, 1e-15, "one wrong element: rel max = |d| / max |ref|");
    is_int((long long)e.worst, 3, "one wrong element: worst is its index");
    is_int((long long)e.nonfinite, 0, "one wrong element: nothing non-finite");

    /* Two wrong elements: worst is the larger. */
    memcpy(out, ref, sizeof out);
    out[0] += 0.1;
    out[3] -= 2.0;
    fl_compare(out, ref, 4, &e);
    is_int((long long)e.worst, 1, "two wrong elements: worst is the larger error");
    is_double_near(e.rel_l2, sqrt((0.01 + 4.0) / 27.0), 1e-15, "two wrong elements: rel L2");
    is_double_near(e.rel_max, 2.0 / 5.0, 1e-15, "two wrong elements: rel max");

    /* A NaN (unwritten element) and an Inf. */
    memcpy(out, ref, sizeof out);
    out[5] = NAN;
    fl_compare(out, ref, 4, &e);
    is_int((long long)e.nonfinite, 1, "a NaN is counted in nonfinite");
    is_int((long long)e.first_nonfinite, 2, "first_nonfinite is its element index");
    ok(isinf(e.rel_l2) && e.rel_l2 > 0 && isinf(e.rel_max) && e.rel_max > 0,
       "a NaN makes both errors +infinity");
    memcpy(out, ref, sizeof out);
    out[2] = INFINITY;
    out[7] = NAN;
    fl_compare(out, ref, 4, &e);
    is_int((long long)e.nonfinite, 2, "Inf and NaN in two elements: nonfinite = 2");
    is_int((long long)e.first_nonfinite, 1, "first_nonfinite is the lowest index");

    /* An all-zero reference: absolute error. */
    double zero[4] = {0, 0, 0, 0}, small[4] = {0, 0, 3e-8, 4e-8};
    fl_compare(small, zero, 2, &e);
    is_double_near(e.rel_l2, 5e-8, 1e-20, "zero reference: absolute L2 error");
    is_double_near(e.rel_max, 5e-8, 1e-20, "zero reference: absolute max error");

    /* count 0 is harmless. */
    fl_compare(out, ref, 0, &e);
    ok(e.rel_l2 == 0 && e.rel_max == 0 && e.nonfinite == 0, "count 0: zero errors");
}

static void bounds(void)
{
    const double e24 = 0x1.0p-24, e53 = 0x1.0p-53;
    struct fl_bounds b;
    b = fl_bounds_for(FL_BOUND_FFT, 1, 0);
    ok(b.l2 == 2 * e24 && b.max == 8 * e24, "FFT bound N=1 uses L=1: 2 eps, 8 eps");
    b = fl_bounds_for(FL_BOUND_FFT, 2, 0);
    ok(b.l2 == 2 * e24 && b.max == 8 * e24, "FFT bound N=2 uses L=1");
    b = fl_bounds_for(FL_BOUND_FFT, 1024, 0);
    is_double_near(b.l2, 2 * e24 * 10, 1e-20, "FFT bound N=1024: L2 = 2 eps log2 N");
    is_double_near(b.max, 8 * e24 * 10, 1e-20, "FFT bound N=1024: max = 8 eps log2 N");
    b = fl_bounds_for(FL_BOUND_FFT, (size_t)1 << 20, 0);
    is_double_near(b.l2, 2 * e24 * 20, 1e-20, "FFT bound N=2^20: L = 20");
    b = fl_bounds_for(FL_BOUND_FFT, 1000, 0);
    is_double_near(b.l2, 2 * e24 * log2(1000.0), 1e-20, "FFT bound N=1000: L = log2 1000");
    {
        int grows = 1;
        double prev = 0;
        for (size_t n = 2; n <= ((size_t)1 << 28); n <<= 1) {
            double l2 = fl_bounds_for(FL_BOUND_FFT, n, 0).l2;
            if (n > 2 && !(l2 > prev)) grows = 0;
            prev = l2;
        }
        ok(grows, "FFT bound grows with log2 N from N=4 on");
    }
    b = fl_bounds_for(FL_BOUND_FFT, 1024, 1);
    is_double_near(b.l2, 2 * e53 * 10, 1e-30, "double eps is 2^-53 (FFT N=1024)");
    b = fl_bounds_for(FL_BOUND_FFT, 2, 1);
    ok(b.l2 == 2 * e53 && b.max == 8 * e53, "double FFT bound N=2");
    b = fl_bounds_for(FL_BOUND_DFT, 4096, 0);
    is_double_near(b.l2, 2 * e24 * 64, 1e-20, "DFT bound N=4096: L2 = 2 eps sqrt N");
    is_double_near(b.max, 8 * e24 * 64, 1e-20, "DFT bound N=4096: max = 8 eps sqrt N");
    b = fl_bounds_for(FL_BOUND_DFT, 1, 0);
    ok(b.l2 == 2 * e24 && b.max == 8 * e24, "DFT bound N=1: sqrt 1 = 1");
    b = fl_bounds_for(FL_BOUND_DFT, 1000, 1);
    is_double_near(b.l2, 2 * e53 * sqrt(1000.0), 1e-30, "DFT bound N=1000 double");
    b = fl_bounds_for(FL_BOUND_CHIRP, 1024, 0);
    is_double_near(b.l2, 4 * 2 * e24 * 10, 1e-20, "chirp bound = 4x the FFT bound (L2)");
    is_double_near(b.max, 4 * 8 * e24 * 10, 1e-20, "chirp bound = 4x the FFT bound (max)");
}

static void stats(void)
{
    double odd[5] = {5, 1, 4, 2, 3};
    struct fl_stats s = fl_stats_of(odd, 5);
    ok(s.median == 3 && s.min == 1 && s.max == 5 && s.count == 5, "stats of 5: median 3, min 1, max 5");
    ok(odd[0] == 1 && odd[4] == 5, "fl_stats_of sorts in place");
    double even[4] = {4, 1, 3, 2};
    s = fl_stats_of(even, 4);
    ok(s.median == 2.5 && s.min == 1 && s.max == 4 && s.count == 4, "stats of 4: median 2.5");
    double one[1] = {7.5};
    s = fl_stats_of(one, 1);
    ok(s.median == 7.5 && s.min == 7.5 && s.max == 7.5 && s.count == 1, "stats of 1");
    double two[2] = {2, 1};
    s = fl_stats_of(two, 2);
    ok(s.median == 1.5 && s.min == 1 && s.max == 2, "stats of 2: median 1.5");
    double eight[8] = {8, 1, 7, 2, 6, 3, 5, 4};
    s = fl_stats_of(eight, 8);
    ok(s.q1 == 2 && s.q3 == 7, "stats of 1..8: quartiles 2 and 7 (nearest rank)");
    ok(fabs(s.stddev - sqrt(6.0)) < 1e-12, "stats of 1..8: sample standard deviation sqrt(6)");
    s = fl_stats_of(one, 1);
    ok(s.q1 == 7.5 && s.q3 == 7.5 && s.stddev == 0, "stats of 1: no spread");
    s = fl_stats_of(NULL, 0);
    ok(s.count == 0 && s.median == 0, "stats of 0: all zero, no crash");
}

static void rng(void)
{
    uint64_t a = 42, b = 42, c = 43;
    int same = 1, differ = 0;
    for (int i = 0; i < 100; i++) {
        uint64_t x = fl_rng_next(&a), y = fl_rng_next(&b), z = fl_rng_next(&c);
        same &= x == y;
        differ += x != z;
    }
    ok(same, "fl_rng_next is deterministic for a seed");
    ok(differ == 100, "different seeds give different streams");
    uint64_t s0 = 0;
    is_int((long long)fl_rng_next(&s0), (long long)0xE220A8397B1DCDAFULL,
           "splitmix64 from state 0: first value 0xE220A8397B1DCDAF");

    size_t count = 100000;
    double *x = malloc(count * 16), *y = malloc(count * 16), *z = malloc(count * 16);
    fl_fill_random(x, count, 1);
    fl_fill_random(y, count, 1);
    fl_fill_random(z, count, 2);
    ok(memcmp(x, y, count * 16) == 0, "fl_fill_random: same seed, same values");
    ok(memcmp(x, z, count * 16) != 0, "fl_fill_random: another seed, other values");
    double lo = 1, hi = -1, sum = 0;
    for (size_t i = 0; i < 2 * count; i++) {
        lo = fmin(lo, x[i]);
        hi = fmax(hi, x[i]);
        sum += x[i];
    }
    ok(lo >= -0.5 && hi < 0.5, "values in [-0.5, 0.5) (min %.6f, max %.6f)", lo, hi);
    ok(lo < -0.499 && hi > 0.499, "values spread over the whole interval");
    is_double_near(sum / (2.0 * (double)count), 0.0, 0.005, "mean close to 0");
    fl_fill_random(y, 10, 1);
    ok(memcmp(x, y, 10 * 16) == 0, "a shorter fill is a prefix of a longer one");
    free(x);
    free(y);
    free(z);

    double r[4] = {0.1, 1.0 / 3.0, -2.0 / 3.0, 1e-50};
    fl_round_to_float(r, 2);
    ok(r[0] == (double)0.1f && r[1] == (double)(1.0f / 3.0f) && r[2] == (double)(-2.0f / 3.0f) &&
       r[3] == 0.0, "fl_round_to_float rounds every value to float");
}

/* The n-D DFT straight from its definition: y[k] = sum_j x[j] prod_d w_Nd^(j_d k_d). */
static void direct_dft_nd(const double *x, double *y, const size_t *dims, int nd, size_t batch, int sign)
{
    const long double two_pi = 6.283185307179586476925286766559005768L;
    size_t n = 1;
    for (int d = 0; d < nd; d++)
        n *= dims[d];
    for (size_t b = 0; b < batch; b++)
        for (size_t k = 0; k < n; k++) {
            long double re = 0, im = 0;
            for (size_t j = 0; j < n; j++) {
                long double a = 0;
                size_t jr = j, kr = k;
                for (int d = nd - 1; d >= 0; d--) {
                    a += (long double)((jr % dims[d]) * (kr % dims[d]) % dims[d]) / (long double)dims[d];
                    jr /= dims[d];
                    kr /= dims[d];
                }
                a *= sign * two_pi;
                long double c = cosl(a), si = sinl(a);
                long double xr = x[2 * (b * n + j)], xi = x[2 * (b * n + j) + 1];
                re += xr * c - xi * si;
                im += xr * si + xi * c;
            }
            y[2 * (b * n + k)] = (double)re;
            y[2 * (b * n + k) + 1] = (double)im;
        }
}

static void multidim(void)
{
    /* FFTW's rank-2/3 plan against the definition, both signs, batch 2 */
    static const size_t shapes[][3] = {{3, 4, 0}, {2, 3, 5}, {1, 6, 0}, {4, 1, 3}, {5, 0, 0}};
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
        for (int sign = -1; sign <= 1; sign += 2) {
            int nd = shapes[si][2] ? 3 : shapes[si][1] ? 2 : 1;
            size_t n = 1;
            for (int d = 0; d < nd; d++)
                n *= shapes[si][d];
            double *x = malloc(2 * n * 2 * sizeof *x), *y = malloc(2 * n * 2 * sizeof *y),
                   *z = malloc(2 * n * 2 * sizeof *z), scale;
            fl_fill_random(x, 2 * n, 7 + si);
            is_int(fl_reference_dft_nd(x, y, shapes[si], nd, 2, sign), 0, "fl_reference_dft_nd %zux%zux%zu", shapes[si][0],
                   shapes[si][1], shapes[si][2]);
            direct_dft_nd(x, z, shapes[si], nd, 2, sign);
            double d = max_abs_diff(y, z, 2 * n, &scale);
            ok(d <= 1e-13 * scale, "%d-D %zux%zux%zu x 2, sign %+d: FFTW = the definition (diff %.2g)", nd,
               shapes[si][0], shapes[si][1], shapes[si][2], sign, d);
            free(x);
            free(y);
            free(z);
        }
    size_t four[4] = {2, 2, 2, 2};
    double dummy[32];
    is_int(fl_reference_dft_nd(dummy, dummy, four, 4, 1, -1), -1, "fl_reference_dft_nd refuses 4 axes");

    /* one axis: fl_fill_tone_nd is fl_fill_tone, bit for bit */
    {
        size_t n = 1000, k = 251;
        double *a = malloc(2 * n * 3 * sizeof *a), *b = malloc(2 * n * 3 * sizeof *b);
        fl_fill_tone(a, n, 3, k, -1);
        fl_fill_tone_nd(b, &n, 1, 3, &k, -1);
        ok(memcmp(a, b, 2 * n * 3 * sizeof *a) == 0, "fl_fill_tone_nd with one axis = fl_fill_tone");
        free(a);
        free(b);
    }
    /* a 2-D tone's transform is N at (k_y + b, k_x + b) and ~0 elsewhere; the peak check
     * finds it, and names the mirror point of a flipped sign */
    {
        size_t dims[2] = {6, 10}, k[2] = {2, 3}, n = 60;
        double *x = malloc(2 * n * 2 * sizeof *x), *y = malloc(2 * n * 2 * sizeof *y);
        for (int sign = -1; sign <= 1; sign += 2) {
            fl_fill_tone_nd(x, dims, 2, 2, k, sign);
            fl_reference_dft_nd(x, y, dims, 2, 2, sign);
            int good = 1;
            for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < n; i++) {
                    size_t want = ((k[0] + b) % 6) * 10 + (k[1] + b) % 10;
                    double re = y[2 * (b * n + i)], im = y[2 * (b * n + i) + 1];
                    good &= i == want ? fabs(re - 60) < 1e-9 && fabs(im) < 1e-9 : hypot(re, im) < 1e-9;
                }
            ok(good, "6x10 tone at (2, 3), sign %+d: 60 at (2+b, 3+b), zero elsewhere", sign);
            struct fl_check chk;
            memset(&chk, 0, sizeof chk);
            chk.ok = 1;
            fl_check_tone_peak_nd(&chk, y, dims, 2, 2, k);
            ok(chk.ok && !chk.detail[0], "fl_check_tone_peak_nd accepts it");
        }
        /* the forward check of an inverse transform: the peak sits at (6-2, 10-3) */
        fl_fill_tone_nd(x, dims, 2, 1, k, -1);
        fl_reference_dft_nd(x, y, dims, 2, 1, +1);
        struct fl_check chk;
        memset(&chk, 0, sizeof chk);
        chk.ok = 1;
        fl_check_tone_peak_nd(&chk, y, dims, 2, 1, k);
        ok(!chk.ok, "a 2-D tone transformed the wrong way is caught");
        has_substr(chk.detail, "peak at (4, 7), expected (2, 3) = N - expected", "... and the mirror point named");
        free(x);
        free(y);
    }
    char buf[64];
    size_t d3[3] = {3, 4, 5}, d1[1] = {60};
    is_str(fl_format_index(buf, sizeof buf, 59, d3, 3), "(2, 3, 4)", "fl_format_index 3-D");
    is_str(fl_format_index(buf, sizeof buf, 7, d3, 2), "(1, 3)", "fl_format_index 2-D (3x4)");
    is_str(fl_format_index(buf, sizeof buf, 59, d1, 1), "59", "fl_format_index 1-D");
}

/* FFTW's threads: how many, and a threaded reference gives the single-threaded one's
 * answer (2^18 values, the smallest that takes threads; both precisions). */
static void threads(void)
{
    is_int(fl_reference_threads(1000), 1, "threads: one below 2^18 values");
    setenv("FFTLAB_REFERENCE_THREADS", "3", 1);
    is_int(fl_reference_threads((size_t)1 << 18), 3, "threads: FFTLAB_REFERENCE_THREADS=3 at 2^18 values");
    setenv("FFTLAB_REFERENCE_THREADS", "0", 1);
    is_int(fl_reference_threads((size_t)1 << 30), 1, "threads: FFTLAB_REFERENCE_THREADS=0: one");
    unsetenv("FFTLAB_REFERENCE_THREADS");
    ok(fl_reference_threads((size_t)1 << 30) >= 1, "threads: the cores online by default (%d here)",
       fl_reference_threads((size_t)1 << 30));
    size_t n = 4096, batch = 64, count = n * batch;
    double *x = malloc(count * 16), *one = malloc(count * 16), *many = malloc(count * 16);
    if (!x || !one || !many)
        bail_out("out of memory");
    fl_fill_random(x, count, 7);
    for (int ld = 0; ld < 2; ld++) {
        fl_reference_long_double(ld);
        setenv("FFTLAB_REFERENCE_THREADS", "1", 1);
        int rc = fl_reference_dft(x, one, n, batch, -1);
        setenv("FFTLAB_REFERENCE_THREADS", "4", 1);
        rc |= fl_reference_dft(x, many, n, batch, -1);
        struct fl_error e;
        fl_compare(many, one, count, &e);
        ok(rc == 0 && e.rel_l2 < 1e-15, "threads: 4 threads = 1 thread, 4096 x 64 in %s (rel L2 %.2g)",
           ld ? "long double" : "double", e.rel_l2);
    }
    fl_reference_long_double(0);
    unsetenv("FFTLAB_REFERENCE_THREADS");
    free(x);
    free(one);
    free(many);
}

int main(void)
{
    threads();
    reference_vs_direct();
    impulses_and_tones();
    compare();
    lost_reference();
    bounds();
    stats();
    rng();
    multidim();
    return done_testing();
}
