/* 11_convolution: the answer on the host, in double (the harness's checker calls these
 * through the chapter's fl_operator; no kernel runs in its process).
 *
 *   conv_reference  FFTW: x and h zero-padded to the output's grid (linear: N + K - 1 per
 *                   axis, any length; circular: N), both transformed, multiplied, the
 *                   inverse divided by the grid's points; in long double when the harness
 *                   asks for it (--precision double). The impulses by a closed form instead:
 *                   each nonzero x[j] places x[j] * h at j (a sum over the nonzeros, exact
 *                   up to one rounding per term); a circular tone x_j = exp(2 pi i k.j/N) by
 *                   its own: y = c * x with c = y[0] / x[0] = sum_m h[m] x[-m] / x[0] = H(k),
 *                   the filter's spectrum at the tone's frequency (the plain sum at one point).
 *   conv_direct     the plain sum y[o] = sum_m h[m] x[o - m] at up to MAX outputs spread over
 *                   the batch (all of them when the sums are few), in long double: no FFT,
 *                   so it checks the reference's method too.
 * Notation: docs/notation.md (N the signal's length, K the filter's, M the grid's). */
#include "conv.h"

#include "../../common/reference.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The multiply-adds conv_direct spends at most (it computes at least 16 outputs). */
#define DIRECT_BUDGET ((size_t)1 << 24)

void conv_result_dims(const size_t *dims, int ndims, size_t *out)
{
    struct conv cv;
    char why[512];
    memcpy(out, dims, (size_t)ndims * sizeof *dims);
    if (conv_describe(dims, ndims, 1, &cv, why, sizeof why) == 0) /* else: check() says why */
        memcpy(out, cv.odims, (size_t)ndims * sizeof *dims);
}

size_t conv_grid_points(const size_t *dims, int ndims)
{
    struct conv cv;
    char why[512];
    return conv_describe(dims, ndims, 1, &cv, why, sizeof why) == 0 ? cv.mn : 1;
}

/* Axis sizes as (rows, columns): a 1-D array is one row. */
static void yx(const size_t *dims, int ndims, size_t *y, size_t *x)
{
    *y = ndims == 2 ? dims[0] : 1;
    *x = dims[ndims - 1];
}

/* y[o] of array B by the plain sum, o = (oy, ox) on the output's grid. */
static void direct_one(const struct conv *cv, const double *x, size_t b, size_t oy, size_t ox,
                       double *out)
{
    size_t ny, nx, ky, kx;
    yx(cv->dims, cv->ndims, &ny, &nx);
    yx(cv->fdims, cv->ndims, &ky, &kx);
    const double *xb = x + 2 * b * cv->n;
    long double re = 0, im = 0;
    for (size_t my = 0; my < ky; my++) {
        size_t jy;
        if (cv->mode == CONV_CIRCULAR)
            jy = (oy + ny - my % ny) % ny;
        else if (oy >= my && oy - my < ny)
            jy = oy - my;
        else
            continue;
        for (size_t mx = 0; mx < kx; mx++) {
            size_t jx;
            if (cv->mode == CONV_CIRCULAR)
                jx = (ox + nx - mx % nx) % nx;
            else if (ox >= mx && ox - mx < nx)
                jx = ox - mx;
            else
                continue;
            const double *h = cv->h + 2 * (my * kx + mx), *v = xb + 2 * (jy * nx + jx);
            re += (long double)h[0] * v[0] - (long double)h[1] * v[1];
            im += (long double)h[0] * v[1] + (long double)h[1] * v[0];
        }
    }
    out[0] = (double)re;
    out[1] = (double)im;
}

size_t conv_direct(const double *x, const size_t *dims, int ndims, size_t batch, size_t *idx,
                   double *ref, size_t max)
{
    struct conv cv;
    char why[512];
    if (conv_describe(dims, ndims, batch, &cv, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why);
    size_t total = cv.on * batch, budget = DIRECT_BUDGET / cv.fn;
    size_t count = total < max ? total : max;
    if (budget < 16)
        budget = 16;
    if (count > budget)
        count = budget;
    size_t oy, ox;
    yx(cv.odims, ndims, &oy, &ox);
    (void)oy;
    for (size_t i = 0; i < count; i++) {
        /* spread evenly, the first and the last output among them */
        size_t e = count == 1 ? 0 : (size_t)((unsigned __int128)i * (total - 1) / (count - 1));
        size_t b = e / cv.on, o = e % cv.on;
        idx[i] = e;
        direct_one(&cv, x, b, o / ox, o % ox, ref + 2 * i);
    }
    return count;
}

/* The closed form of a sparse input (the impulses): every nonzero x[j] of array b adds
 * x[j] * h[m] at j + m (circular: modulo N on every axis). */
static void sparse_sum(const struct conv *cv, const double *x, double *ref)
{
    size_t ny, nx, ky, kx, oy, ox;
    yx(cv->dims, cv->ndims, &ny, &nx);
    yx(cv->fdims, cv->ndims, &ky, &kx);
    yx(cv->odims, cv->ndims, &oy, &ox);
    memset(ref, 0, cv->on * cv->batch * 16);
    for (size_t b = 0; b < cv->batch; b++) {
        const double *xb = x + 2 * b * cv->n;
        double *yb = ref + 2 * b * cv->on;
        for (size_t j = 0; j < cv->n; j++) {
            double xr = xb[2 * j], xi = xb[2 * j + 1];
            if (xr == 0 && xi == 0)
                continue;
            size_t jy = j / nx, jx = j % nx;
            for (size_t my = 0; my < ky; my++)
                for (size_t mx = 0; mx < kx; mx++) {
                    size_t py = jy + my, px = jx + mx;
                    if (cv->mode == CONV_CIRCULAR) {
                        py %= ny;
                        px %= nx;
                    }
                    const double *h = cv->h + 2 * (my * kx + mx);
                    double *y = yb + 2 * (py * ox + px);
                    y[0] += h[0] * xr - h[1] * xi;
                    y[1] += h[0] * xi + h[1] * xr;
                }
        }
    }
}

/* A circular tone: y = c * x, c = y[0] / x[0] by the plain sum (H at the tone's frequency).
 * Returns -1 when a row's x[0] is zero (not a tone). */
static int tone(const struct conv *cv, const double *x, double *ref)
{
    for (size_t b = 0; b < cv->batch; b++) {
        const double *xb = x + 2 * b * cv->n;
        double *yb = ref + 2 * b * cv->on, y0[2];
        double d = xb[0] * xb[0] + xb[1] * xb[1];
        if (d == 0)
            return -1;
        direct_one(cv, x, b, 0, 0, y0);
        double cr = (y0[0] * xb[0] + y0[1] * xb[1]) / d, ci = (y0[1] * xb[0] - y0[0] * xb[1]) / d;
        for (size_t j = 0; j < cv->n; j++) {
            yb[2 * j] = cr * xb[2 * j] - ci * xb[2 * j + 1];
            yb[2 * j + 1] = cr * xb[2 * j + 1] + ci * xb[2 * j];
        }
    }
    return 0;
}

/* FFTW on the output's grid (circular: N, linear: N + K - 1; the grid any length). */
static int by_fftw(const struct conv *cv, const double *x, double *ref)
{
    size_t ny, nx, ky, kx, gy, gx;
    yx(cv->dims, cv->ndims, &ny, &nx);
    yx(cv->fdims, cv->ndims, &ky, &kx);
    yx(cv->odims, cv->ndims, &gy, &gx);
    size_t g = cv->on; /* the grid is the output's */
    double *xs = calloc(g * cv->batch, 16), *hp = calloc(g, 16), *hs = malloc(g * 16);
    int rc = -1;
    if (!xs || !hp || !hs)
        goto done;
    for (size_t b = 0; b < cv->batch; b++)
        for (size_t r = 0; r < ny; r++)
            memcpy(xs + 2 * (b * g + r * gx), x + 2 * (b * cv->n + r * nx), nx * 16);
    for (size_t r = 0; r < ky; r++)
        memcpy(hp + 2 * r * gx, cv->h + 2 * r * kx, kx * 16);
    if (fl_reference_dft_nd(hp, hs, cv->odims, cv->ndims, 1, -1) != 0 ||
        fl_reference_dft_nd(xs, ref, cv->odims, cv->ndims, cv->batch, -1) != 0)
        goto done;
    for (size_t b = 0; b < cv->batch; b++)
        for (size_t i = 0; i < g; i++) {
            double *z = ref + 2 * (b * g + i), *h = hs + 2 * i;
            double re = z[0] * h[0] - z[1] * h[1], im = z[0] * h[1] + z[1] * h[0];
            z[0] = re / (double)g;
            z[1] = im / (double)g;
        }
    memcpy(xs, ref, g * cv->batch * 16);
    rc = fl_reference_dft_nd(xs, ref, cv->odims, cv->ndims, cv->batch, 1);
done:
    free(xs);
    free(hp);
    free(hs);
    return rc;
}

/* fl_operator.gain: the largest |H| of the filter's spectrum on the grid M (FFTW). */
double conv_gain(const size_t *dims, int ndims)
{
    struct conv cv;
    char why[512];
    if (conv_describe(dims, ndims, 1, &cv, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why);
    size_t ky, kx, mx = cv.mdims[ndims - 1];
    yx(cv.fdims, ndims, &ky, &kx);
    double *pad = calloc(cv.mn, 16), *hs = malloc(cv.mn * 16), most = 0;
    if (!pad || !hs)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the filter's spectrum (%zu values)", cv.mn);
    for (size_t r = 0; r < ky; r++)
        memcpy(pad + 2 * r * mx, cv.h + 2 * r * kx, kx * 16);
    if (fl_reference_dft_nd(pad, hs, cv.mdims, ndims, 1, -1) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not transform the filter (%zu values)", cv.mn);
    for (size_t i = 0; i < cv.mn; i++) {
        double a = hs[2 * i] * hs[2 * i] + hs[2 * i + 1] * hs[2 * i + 1];
        most = a > most ? a : most;
    }
    free(pad);
    free(hs);
    return sqrt(most);
}

int conv_reference(enum fl_op_check kind, const double *x, double *ref, const size_t *dims,
                   int ndims, size_t batch)
{
    struct conv cv;
    char why[512];
    if (conv_describe(dims, ndims, batch, &cv, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why);
    if (kind == FL_OP_IMPULSE) {
        sparse_sum(&cv, x, ref);
        return 0;
    }
    /* (real data's tone is a cosine, two tones at once: FFTW's, as any input) */
    if (kind == FL_OP_TONE && cv.mode == CONV_CIRCULAR && !cv.real && tone(&cv, x, ref) == 0)
        return 0;
    return by_fftw(&cv, x, ref);
}
