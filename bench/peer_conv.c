#include "peer_conv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t filter_k = 64;
static enum peer_conv_kind conv_kind = PEER_CONV_NONE;

int peer_conv_option(const char *name, const char *value)
{
    if (strcmp(name, "--conv") == 0) {
        if (value && strcmp(value, "unfused") == 0)
            conv_kind = PEER_CONV_UNFUSED;
        else if (value && strcmp(value, "fused") == 0)
            conv_kind = PEER_CONV_FUSED;
        else
            fl_die(FL_EXIT_USAGE, "--conv must be unfused or fused, got '%s'", value ? value : "");
        return 1;
    }
    if (strcmp(name, "--filter-size") != 0)
        return 0;
    char err[256];
    if (!value || fl_parse_count(value, "--filter-size", &filter_k, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", value ? err : "--filter-size needs a value (taps per axis)");
    return 1;
}

enum peer_conv_kind peer_conv_kind(void)
{
    return conv_kind;
}

const char *peer_conv_variant(char *buf, size_t len, const char *suffix)
{
    snprintf(buf, len, "%s%s%s", conv_kind == PEER_CONV_FUSED ? "fused" : "unfused", suffix ? " " : "",
             suffix ? suffix : "");
    return buf;
}

/* Grid point of flat index I in shape DIMS (row-major), into AT. */
static void unflatten(size_t i, const size_t *dims, int ndims, size_t *at)
{
    for (int d = ndims - 1; d >= 0; d--) {
        at[d] = i % dims[d];
        i /= dims[d];
    }
}

static size_t flatten(const size_t *at, const size_t *dims, int ndims)
{
    size_t i = 0;
    for (int d = 0; d < ndims; d++)
        i = i * dims[d] + at[d];
    return i;
}

/* Is grid point AT one of the filter's taps (every coordinate below K)? */
static int is_tap(const size_t *at, int ndims, size_t k)
{
    for (int d = 0; d < ndims; d++)
        if (at[d] >= k)
            return 0;
    return 1;
}

void peer_conv_init(const struct peer_problem *p, struct peer_conv *c)
{
    memset(c, 0, sizeof *c);
    c->k = filter_k;
    c->taps = 1;
    for (int d = 0; d < p->ndims; d++) {
        if (c->k > p->dims[d])
            fl_die(FL_EXIT_USAGE, "--filter-size %zu is longer than the signal's axis of %zu: a "
                   "circular convolution's filter fits its signal", c->k, p->dims[d]);
        c->taps *= c->k;
    }
    c->h = peer_xmalloc(p->n * 16, "filter");
    c->spectrum = peer_xmalloc(p->n * 16, "filter spectrum");
    double *taps = peer_xmalloc(c->taps * 16, "filter taps");
    fl_fill_random(taps, c->taps, p->o.seed + 1);
    fl_round_to_float(taps, c->taps);
    memset(c->h, 0, p->n * 16);
    size_t t = 0, at[FL_MAX_DIMS];
    for (size_t i = 0; i < p->n; i++) {
        unflatten(i, p->dims, p->ndims, at);
        if (is_tap(at, p->ndims, c->k)) {
            c->h[2 * i] = taps[2 * t];
            c->h[2 * i + 1] = taps[2 * t + 1];
            t++;
        }
    }
    free(taps);
    if (fl_reference_dft_nd(c->h, c->spectrum, p->dims, p->ndims, 1, -1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the filter's spectrum (out of memory?)");
    for (size_t i = 0; i < 2 * p->n; i++)
        c->spectrum[i] /= (double)p->n;
}

void peer_conv_free(struct peer_conv *c)
{
    free(c->h);
    free(c->spectrum);
    memset(c, 0, sizeof *c);
}

void peer_conv_spectrum_float(const struct peer_problem *p, const struct peer_conv *c, float *out)
{
    for (size_t i = 0; i < 2 * p->n; i++)
        out[i] = (float)c->spectrum[i];
}

/* y = x (*) h for every row, through FFTW in double: X = DFT(x), X * DFT(h) / N, inverse. */
static void reference_conv(const struct peer_problem *p, const struct peer_conv *c, const double *x,
                           double *y)
{
    double *spec = peer_xmalloc(p->count * 16, "reference spectrum");
    if (fl_reference_dft_nd(x, spec, p->dims, p->ndims, p->batch, -1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the reference (out of memory?)");
    for (size_t b = 0; b < p->batch; b++)
        for (size_t i = 0; i < p->n; i++) {
            double *v = spec + 2 * (b * p->n + i);
            const double *s = c->spectrum + 2 * i;
            double re = v[0] * s[0] - v[1] * s[1], im = v[0] * s[1] + v[1] * s[0];
            v[0] = re;
            v[1] = im;
        }
    if (fl_reference_dft_nd(spec, y, p->dims, p->ndims, p->batch, +1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the reference (out of memory?)");
    free(spec);
}

/* peer_judge with the bounds of a convolution (Bluestein's: two FFTs and a product), its
 * line printed and, where it fails, the worst mismatches. */
static void judge(const struct peer_problem *p, struct fl_result *r, const char *name,
                  const double *out, const double *ref)
{
    struct fl_check *chk = peer_judge(p, r, name, out, ref, FL_BOUND_CHIRP);
    fl_report_check(FL_FORMAT_CSV, chk); /* CSV mode: the line goes to stderr */
    if (!chk->ok)
        fl_print_mismatches_nd(stderr, out, ref, p->dims, p->ndims, p->batch, chk->bound.max, 5);
}

void peer_conv_verify(const struct peer_problem *p, const struct peer_conv *c, peer_run_fn run,
                      void *ctx, struct fl_result *r)
{
    size_t n = p->n, count = p->count, at[FL_MAX_DIMS], m[FL_MAX_DIMS], s[FL_MAX_DIMS];
    double *x = peer_xmalloc(count * 16, "test input");
    double *ref = peer_xmalloc(count * 16, "reference");
    double *out = peer_xmalloc(count * 16, "output");
    char name[32];

    /* 1. seeded random x, rounded to float as the library sees it; FFTW in double */
    fl_fill_random(x, count, p->o.seed);
    fl_round_to_float(x, count);
    reference_conv(p, c, x, ref);
    for (size_t i = 0; i < 2 * count; i++)
        out[i] = NAN;
    run(ctx, x, out);
    judge(p, r, "random", out, ref);

    /* 2. an impulse at flat index (j + b) mod N in row b: y is h moved there, on every axis
     * modulo its length (finds index, stride and batch-offset bugs without an FFT) */
    size_t j = (n / 3 + 1) % n;
    fl_fill_impulse(x, n, p->batch, j);
    memset(ref, 0, count * 16);
    for (size_t b = 0; b < p->batch; b++) {
        unflatten((j + b) % n, p->dims, p->ndims, at);
        for (size_t t = 0; t < n; t++) {
            unflatten(t, p->dims, p->ndims, m);
            if (!is_tap(m, p->ndims, c->k))
                continue;
            for (int d = 0; d < p->ndims; d++)
                s[d] = (at[d] + m[d]) % p->dims[d];
            size_t o = b * n + flatten(s, p->dims, p->ndims);
            ref[2 * o] = c->h[2 * t];
            ref[2 * o + 1] = c->h[2 * t + 1];
        }
    }
    unflatten(j, p->dims, p->ndims, at);
    fl_check_name(name, sizeof name, "impulse", at, p->ndims);
    for (size_t i = 0; i < 2 * count; i++)
        out[i] = NAN;
    run(ctx, x, out);
    judge(p, r, name, out, ref);

    /* 3. a tone exp(+2 pi i sum_d k_d j_d / N_d) at k_d = (N_d/4 + 1 + b) mod N_d in row b:
     * an eigenvector of every circular convolution, y = H(k) x with H(k) = sum over the taps
     * of h[m] exp(-2 pi i k.m / N), summed here in double (a wrong spectrum index or a
     * flipped sign gives another H) */
    size_t k0[FL_MAX_DIMS];
    for (int d = 0; d < p->ndims; d++)
        k0[d] = p->dims[d] > 2 ? (p->dims[d] / 4 + 1) % p->dims[d] : p->dims[d] - 1;
    fl_fill_tone_nd(x, p->dims, p->ndims, p->batch, k0, -1);
    fl_round_to_float(x, count);
    const double two_pi = 6.283185307179586476925286766559;
    for (size_t b = 0; b < p->batch; b++) {
        double hr = 0, hi = 0;
        for (size_t t = 0; t < n; t++) {
            unflatten(t, p->dims, p->ndims, m);
            if (!is_tap(m, p->ndims, c->k))
                continue;
            double a = 0;
            for (int d = 0; d < p->ndims; d++) {
                size_t bin = (k0[d] + b) % p->dims[d];
                a -= two_pi * (double)((m[d] * bin) % p->dims[d]) / (double)p->dims[d];
            }
            hr += c->h[2 * t] * cos(a) - c->h[2 * t + 1] * sin(a);
            hi += c->h[2 * t] * sin(a) + c->h[2 * t + 1] * cos(a);
        }
        for (size_t i = 0; i < n; i++) {
            const double *v = x + 2 * (b * n + i);
            ref[2 * (b * n + i)] = v[0] * hr - v[1] * hi;
            ref[2 * (b * n + i) + 1] = v[0] * hi + v[1] * hr;
        }
    }
    fl_check_name(name, sizeof name, "tone", k0, p->ndims);
    for (size_t i = 0; i < 2 * count; i++)
        out[i] = NAN;
    run(ctx, x, out);
    judge(p, r, name, out, ref);

    fl_conclude_checks(r);
    free(x);
    free(ref);
    free(out);
}

void peer_conv_rates(const struct peer_problem *p, struct fl_result *r)
{
    double secs = r->ms.median * 1e-3;
    double n = (double)p->n;
    double flops = (10.0 * n * (p->n > 1 ? log2(n) : 0.0) + 6.0 * n) * (double)p->batch;
    double bytes = 16.0 * (double)p->count + 8.0 * n;
    r->gflops = secs > 0 ? flops / secs / 1e9 : 0;
    r->gbs = secs > 0 ? bytes / secs / 1e9 : 0;
    r->pct_copy = r->copy_gbs > 0 ? 100.0 * r->gbs / r->copy_gbs : 0;
}
