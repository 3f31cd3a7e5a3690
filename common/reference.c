#define _POSIX_C_SOURCE 200809L
#include "reference.h"

#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint64_t fl_rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void fl_fill_random(double *x, size_t count, uint64_t seed)
{
    uint64_t s = seed;
    for (size_t i = 0; i < 2 * count; i++)
        x[i] = (double)(fl_rng_next(&s) >> 11) * 0x1.0p-53 - 0.5;
}

void fl_fill_impulse(double *x, size_t n, size_t batch, size_t pos)
{
    memset(x, 0, 2 * n * batch * sizeof *x);
    for (size_t b = 0; b < batch; b++)
        x[2 * (b * n + (pos + b) % n)] = 1.0;
}

void fl_fill_tone(double *x, size_t n, size_t batch, size_t k, int sign)
{
    const double two_pi = 6.283185307179586476925286766559;
    for (size_t b = 0; b < batch; b++) {
        size_t bin = (k + b) % n;
        for (size_t j = 0; j < n; j++) {
            /* (j*bin) mod n in exact integer arithmetic keeps the angle in [0, 2 pi). */
            size_t m = (size_t)(((unsigned __int128)j * bin) % n);
            double a = -sign * two_pi * (double)m / (double)n;
            x[2 * (b * n + j)] = cos(a);
            x[2 * (b * n + j) + 1] = sin(a);
        }
    }
}

void fl_fill_tone_nd(double *x, const size_t *dims, int ndims, size_t batch, const size_t *k,
                     int sign)
{
    const double two_pi = 6.283185307179586476925286766559;
    size_t n = 1;
    for (int d = 0; d < ndims; d++)
        n *= dims[d];
    for (size_t b = 0; b < batch; b++) {
        size_t bin[3] = {0, 0, 0};
        for (int d = 0; d < ndims; d++)
            bin[d] = (k[d] + b) % dims[d];
        for (size_t j = 0; j < n; j++) {
            /* per axis (j_d * bin_d) mod N_d, exactly; the angle is the sum over the axes
             * (one axis: the same expression as fl_fill_tone) */
            double a = 0;
            size_t rest = j;
            for (int d = ndims - 1; d >= 0; d--) {
                size_t jd = rest % dims[d];
                rest /= dims[d];
                size_t m = (size_t)(((unsigned __int128)jd * bin[d]) % dims[d]);
                a += -sign * two_pi * (double)m / (double)dims[d];
            }
            x[2 * (b * n + j)] = cos(a);
            x[2 * (b * n + j) + 1] = sin(a);
        }
    }
}

char *fl_format_index(char *buf, size_t len, size_t i, const size_t *dims, int ndims)
{
    if (ndims <= 1) {
        snprintf(buf, len, "%zu", i);
        return buf;
    }
    size_t c[3] = {0, 0, 0};
    for (int d = ndims - 1; d >= 0; d--) {
        c[d] = i % dims[d];
        i /= dims[d];
    }
    if (ndims == 2)
        snprintf(buf, len, "(%zu, %zu)", c[0], c[1]);
    else
        snprintf(buf, len, "(%zu, %zu, %zu)", c[0], c[1], c[2]);
    return buf;
}

void fl_round_to_float(double *x, size_t count)
{
    for (size_t i = 0; i < 2 * count; i++)
        x[i] = (float)x[i];
}

int fl_reference_dft(const double *in, double *out, size_t n, size_t batch, int sign)
{
    return fl_reference_dft_nd(in, out, &n, 1, batch, sign);
}

/* The reference's precision: FFTW in double, or in long double (fftw3l) for runs in
 * double precision, so that the reference's own rounding is far below the error measured
 * (fl_reference_long_double). */
static int use_long_double;

void fl_reference_long_double(int on)
{
    use_long_double = on;
}

int fl_reference_is_long_double(void)
{
    return use_long_double;
}

int fl_reference_threads(size_t values)
{
    /* below 2^18 values a transform takes milliseconds: one thread, no pool to wake */
    if (values < ((size_t)1 << 18))
        return 1;
    const char *env = getenv("FFTLAB_REFERENCE_THREADS");
    long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

/* FFTW's threads, started once per precision (fftw_init_threads), then told how many
 * threads the next plan may use: the plan of a large reference splits its rows (or, for
 * one long row, its passes) across the cores. Planning stays single-threaded, as FFTW
 * requires. */
static void threads_double(size_t values)
{
    static int ready; /* 1 started, -1 could not */
    if (!ready)
        ready = fftw_init_threads() ? 1 : -1;
    if (ready > 0)
        fftw_plan_with_nthreads(fl_reference_threads(values));
}

static void threads_long_double(size_t values)
{
    static int ready;
    if (!ready)
        ready = fftwl_init_threads() ? 1 : -1;
    if (ready > 0)
        fftwl_plan_with_nthreads(fl_reference_threads(values));
}

/* PLAN_THREADS(P, values): the one of the two for prefix P (fftw_ or fftwl_). */
#define THREADS_fftw_ threads_double
#define THREADS_fftwl_ threads_long_double
#define PLAN_THREADS(P, values) THREADS_##P(values)

/* One complex transform of rank ndims in the precision of prefix P (fftw_ or fftwl_),
 * type R (double or long double): IN (doubles) -> OUT (doubles). */
#define COMPLEX_DFT(P, R)                                                                   \
    do {                                                                                    \
        P##complex *buf = P##malloc(sizeof(P##complex) * n * batch);                        \
        if (!buf)                                                                           \
            return -1;                                                                      \
        PLAN_THREADS(P, n * batch);                                                         \
        P##plan plan = P##plan_many_dft(ndims, len, (int)batch, buf, NULL, 1, (int)n, buf, \
                                        NULL, 1, (int)n,                                    \
                                        sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD,            \
                                        FFTW_ESTIMATE);                                     \
        if (!plan) {                                                                        \
            P##free(buf);                                                                   \
            return -1;                                                                      \
        }                                                                                   \
        for (size_t i = 0; i < n * batch; i++) {                                            \
            buf[i][0] = (R)in[2 * i];                                                       \
            buf[i][1] = (R)in[2 * i + 1];                                                   \
        }                                                                                   \
        P##execute(plan);                                                                   \
        for (size_t i = 0; i < n * batch; i++) {                                            \
            out[2 * i] = (double)buf[i][0];                                                 \
            out[2 * i + 1] = (double)buf[i][1];                                             \
        }                                                                                   \
        P##destroy_plan(plan);                                                              \
        P##free(buf);                                                                       \
    } while (0)

int fl_reference_dft_nd(const double *in, double *out, const size_t *dims, int ndims,
                        size_t batch, int sign)
{
    /* FFTW wants int sizes; the harness refuses sizes past that earlier. */
    int len[3] = {1, 1, 1};
    size_t n = 1;
    if (ndims < 1 || ndims > 3)
        return -1;
    for (int d = 0; d < ndims; d++) {
        len[d] = (int)dims[d];
        n *= dims[d];
    }
    if (use_long_double) {
        COMPLEX_DFT(fftwl_, long double);
        return 0;
    }
    /* In double, FFTW's complex is two doubles, OUT's layout: transform in place there,
     * without a buffer of its own (16 GiB fewer at 2^30 values). FFTW_ESTIMATE plans
     * without touching the arrays, so OUT is filled after planning. */
    threads_double(n * batch);
    fftw_plan plan = fftw_plan_many_dft(ndims, len, (int)batch, (fftw_complex *)out, NULL, 1, (int)n,
                                        (fftw_complex *)out, NULL, 1, (int)n,
                                        sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
    if (!plan)
        return -1;
    memmove(out, in, n * batch * 2 * sizeof *out);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    return 0;
}

/* ---------------------------------------------------------------- real transforms */

size_t fl_half_count(const size_t *dims, int ndims)
{
    size_t half[3];
    size_t count = 1;
    fl_half_dims(dims, ndims, half);
    for (int d = 0; d < ndims; d++)
        count *= half[d];
    return count;
}

void fl_half_dims(const size_t *dims, int ndims, size_t *half)
{
    for (int d = 0; d < ndims; d++)
        half[d] = dims[d];
    if (ndims > 0)
        half[ndims - 1] = dims[ndims - 1] / 2 + 1;
}

void fl_fill_random_real(double *x, size_t count, uint64_t seed)
{
    uint64_t s = seed;
    for (size_t i = 0; i < count; i++) {
        x[2 * i] = (double)(fl_rng_next(&s) >> 11) * 0x1.0p-53 - 0.5;
        x[2 * i + 1] = 0;
    }
}

void fl_fill_cos_nd(double *x, const size_t *dims, int ndims, size_t batch, const size_t *k,
                    size_t nx_fill)
{
    const double two_pi = 6.283185307179586476925286766559;
    size_t rows = 1; /* points of one array outside the last axis */
    for (int d = 0; d + 1 < ndims; d++)
        rows *= dims[d];
    size_t per = rows * nx_fill, nx = dims[ndims - 1];
    for (size_t b = 0; b < batch; b++) {
        size_t bin[3] = {0, 0, 0};
        for (int d = 0; d < ndims; d++)
            bin[d] = (k[d] + b) % dims[d];
        for (size_t i = 0; i < per; i++) {
            /* the point (.., j_y, j_x): j_x = i mod nx_fill, the outer ones from i / nx_fill */
            size_t jx = i % nx_fill, rest = i / nx_fill;
            double a = two_pi * (double)(size_t)(((unsigned __int128)jx * bin[ndims - 1]) % nx) / (double)nx;
            for (int d = ndims - 2; d >= 0; d--) {
                size_t jd = rest % dims[d];
                rest /= dims[d];
                size_t m = (size_t)(((unsigned __int128)jd * bin[d]) % dims[d]);
                a += two_pi * (double)m / (double)dims[d];
            }
            x[2 * (b * per + i)] = cos(a);
            x[2 * (b * per + i) + 1] = 0;
        }
    }
}

void fl_hermitian_half(double *x, const size_t *dims, int ndims, size_t batch)
{
    size_t nx = dims[ndims - 1], h = nx / 2 + 1, rows = 1;
    for (int d = 0; d + 1 < ndims; d++)
        rows *= dims[d];
    /* the planes k_x = 0 and k_x = Nx/2 (the same one when Nx = 1) */
    size_t planes[2] = {0, nx / 2};
    int nplanes = nx % 2 == 0 && nx > 1 ? 2 : 1;
    for (size_t b = 0; b < batch; b++) {
        double *a = x + 2 * b * rows * h;
        for (int p = 0; p < nplanes; p++)
            for (size_t o = 0; o < rows; o++) {
                /* the mirror of the outer point o: -o_d mod N_d on every outer axis */
                size_t m = 0, rest = o, scale = 1;
                for (int d = ndims - 2; d >= 0; d--) {
                    size_t od = rest % dims[d];
                    rest /= dims[d];
                    m += ((dims[d] - od) % dims[d]) * scale;
                    scale *= dims[d];
                }
                if (m < o)
                    continue; /* done with its pair */
                double *u = a + 2 * (o * h + planes[p]), *v = a + 2 * (m * h + planes[p]);
                double re = (u[0] + v[0]) / 2, im = (u[1] - v[1]) / 2;
                u[0] = re;
                u[1] = im;
                v[0] = re;
                v[1] = -im; /* when m == o: im = 0 */
            }
    }
}

/* A rank-ndims r2c (r2c = 1) or c2r transform of BATCH arrays in the precision of prefix
 * P (fftw_ or fftwl_), type R. */
#define REAL_DFT(P, R)                                                                      \
    do {                                                                                    \
        R *real = P##malloc(sizeof(R) * n * batch);                                         \
        P##complex *cplx = P##malloc(sizeof(P##complex) * nh * batch);                      \
        P##plan plan = NULL;                                                                \
        PLAN_THREADS(P, n * batch);                                                         \
        if (real && cplx)                                                                   \
            plan = r2c ? P##plan_many_dft_r2c(ndims, len, (int)batch, real, NULL, 1, (int)n, \
                                              cplx, NULL, 1, (int)nh, FFTW_ESTIMATE)        \
                       : P##plan_many_dft_c2r(ndims, len, (int)batch, cplx, NULL, 1,        \
                                              (int)nh, real, NULL, 1, (int)n, FFTW_ESTIMATE); \
        if (!plan) {                                                                        \
            P##free(real);                                                                  \
            P##free(cplx);                                                                  \
            return -1;                                                                      \
        }                                                                                   \
        /* filled after planning; c2r destroys its input when it runs: it gets this copy */ \
        if (r2c) {                                                                          \
            for (size_t i = 0; i < n * batch; i++)                                          \
                real[i] = (R)in[2 * i];                                                     \
        } else {                                                                            \
            for (size_t i = 0; i < nh * batch; i++) {                                       \
                cplx[i][0] = (R)in[2 * i];                                                  \
                cplx[i][1] = (R)in[2 * i + 1];                                              \
            }                                                                               \
        }                                                                                   \
        P##execute(plan);                                                                   \
        if (r2c) {                                                                          \
            for (size_t i = 0; i < nh * batch; i++) {                                       \
                out[2 * i] = (double)cplx[i][0];                                            \
                out[2 * i + 1] = (double)cplx[i][1];                                        \
            }                                                                               \
        } else {                                                                            \
            for (size_t i = 0; i < n * batch; i++) {                                        \
                out[2 * i] = (double)real[i];                                               \
                out[2 * i + 1] = 0;                                                         \
            }                                                                               \
        }                                                                                   \
        P##destroy_plan(plan);                                                              \
        P##free(real);                                                                      \
        P##free(cplx);                                                                      \
    } while (0)

static int real_transform(const double *in, double *out, const size_t *dims, int ndims,
                          size_t batch, int r2c)
{
    if (ndims < 1 || ndims > 3)
        return -1;
    int len[3] = {1, 1, 1};
    size_t n = 1, nh = fl_half_count(dims, ndims);
    for (int d = 0; d < ndims; d++) {
        len[d] = (int)dims[d];
        n *= dims[d];
    }
    if (use_long_double)
        REAL_DFT(fftwl_, long double);
    else
        REAL_DFT(fftw_, double);
    return 0;
}

int fl_reference_r2c_nd(const double *in, double *out, const size_t *dims, int ndims, size_t batch)
{
    return real_transform(in, out, dims, ndims, batch, 1);
}

int fl_reference_c2r_nd(const double *in, double *out, const size_t *dims, int ndims, size_t batch)
{
    return real_transform(in, out, dims, ndims, batch, 0);
}

static int all_zero(const double *x, size_t count)
{
    for (size_t i = 0; i < 2 * count; i++)
        if (x[i] != 0)
            return 0;
    return 1;
}

int fl_reference_lost(const double *in, size_t in_count, const double *ref, size_t ref_count)
{
    return all_zero(ref, ref_count) && !all_zero(in, in_count);
}

void fl_error_sums(const double *out, const double *ref, size_t count, struct fl_error_sums *s)
{
    memset(s, 0, sizeof *s);
    s->first_nonfinite = (size_t)-1;
    for (size_t i = 0; i < count; i++) {
        double dr = out[2 * i] - ref[2 * i], di = out[2 * i + 1] - ref[2 * i + 1];
        if (!isfinite(out[2 * i]) || !isfinite(out[2 * i + 1])) {
            if (s->nonfinite++ == 0)
                s->first_nonfinite = i;
            continue;
        }
        double d2 = dr * dr + di * di;
        double r2 = ref[2 * i] * ref[2 * i] + ref[2 * i + 1] * ref[2 * i + 1];
        s->err2 += d2;
        s->ref2 += r2;
        if (d2 > s->err2_max) {
            s->err2_max = d2;
            s->worst = i;
        }
        if (r2 > s->ref2_max)
            s->ref2_max = r2;
    }
}

void fl_compare(const double *out, const double *ref, size_t count, struct fl_error *e)
{
    struct fl_error_sums s;
    fl_error_sums(out, ref, count, &s);
    double num = s.err2, den = s.ref2, dmax = s.err2_max, rmax = s.ref2_max;
    memset(e, 0, sizeof *e);
    e->worst = s.worst;
    e->nonfinite = s.nonfinite;
    e->first_nonfinite = s.first_nonfinite;
    /* An all-zero reference only happens for an all-zero input: use absolute error. */
    e->rel_l2 = den > 0 ? sqrt(num / den) : sqrt(num);
    e->rel_max = rmax > 0 ? sqrt(dmax / rmax) : sqrt(dmax);
    if (e->nonfinite) {
        e->rel_l2 = INFINITY;
        e->rel_max = INFINITY;
    }
}

struct fl_bounds fl_bounds_for(enum fl_bound_kind kind, size_t n, int is_double)
{
    double eps = is_double ? 0x1.0p-53 : 0x1.0p-24;
    double L = n > 1 ? log2((double)n) : 1.0;
    if (L < 1)
        L = 1;
    struct fl_bounds b;
    switch (kind) {
    case FL_BOUND_DFT: {
        double s = sqrt((double)n);
        b.l2 = 2 * eps * s;
        b.max = 8 * eps * s;
        break;
    }
    case FL_BOUND_CHIRP:
        b.l2 = 4 * 2 * eps * L;
        b.max = 4 * 8 * eps * L;
        break;
    case FL_BOUND_FFT:
    default:
        b.l2 = 2 * eps * L;
        b.max = 8 * eps * L;
        break;
    }
    return b;
}

void fl_print_mismatches(FILE *stream, const double *out, const double *ref, size_t n,
                         size_t batch, double tol, int limit)
{
    fl_print_mismatches_nd(stream, out, ref, &n, 1, batch, tol, limit);
}

void fl_print_mismatches_nd(FILE *stream, const double *out, const double *ref, const size_t *dims,
                            int ndims, size_t batch, double tol, int limit)
{
    size_t n = 1;
    for (int d = 0; d < ndims; d++)
        n *= dims[d];
    double rmax = 0;
    for (size_t i = 0; i < n * batch; i++) {
        double r = hypot(ref[2 * i], ref[2 * i + 1]);
        if (r > rmax) rmax = r;
    }
    double abs_tol = tol * (rmax > 0 ? rmax : 1.0);
    int shown = 0;
    size_t total = 0;
    for (size_t i = 0; i < n * batch; i++) {
        double d = hypot(out[2 * i] - ref[2 * i], out[2 * i + 1] - ref[2 * i + 1]);
        int bad = !(d <= abs_tol); /* also true for NaN */
        if (!bad)
            continue;
        total++;
        if (shown < limit) {
            char at[64];
            fprintf(stream, "    row %zu, index %s: got (%.7g, %.7g), expected (%.7g, %.7g)%s\n",
                    i / n, fl_format_index(at, sizeof at, i % n, dims, ndims), out[2 * i],
                    out[2 * i + 1], ref[2 * i], ref[2 * i + 1],
                    isfinite(out[2 * i]) && isfinite(out[2 * i + 1]) ? "" :
                    "  <- never written (still the NaN poison)");
            shown++;
        }
    }
    if (total > (size_t)shown)
        fprintf(stream, "    ... and %zu more wrong elements (of %zu)\n", total - (size_t)shown, n * batch);
}
