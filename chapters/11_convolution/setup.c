/* 11_convolution: a run's convolution (struct conv) from its shape and the chapter's
 * options, the checks that refuse what it cannot do (exit 2), the layout of the transform
 * grid, the filter's spectrum, and conv_option_value (the options' values). */
#include "conv.h"

#include "../../common/reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The generated filter's seed: --seed's, moved away from the input's (the same seed would
 * give the filter the input's first values). */
#define FILTER_SEED_OFFSET 0x9e3779b97f4a7c15ull

size_t conv_elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

size_t conv_stream_items(const struct fl_problem *p)
{
    return p->dev->max_wg < CONV_STREAM_ITEMS ? p->dev->max_wg : CONV_STREAM_ITEMS;
}

/* The generated filter: K (or Ky x Kx) seeded random values in [-0.5, 0.5), rounded to
 * float for a single-precision run (so that it is a complex64 array, as a --filter file
 * would be). Made again for every shape asked (a list of sizes may take several). */
static const double *generated_filter(const size_t *fdims, int ndims)
{
    static double *h;
    static size_t have;
    size_t fn = 1;
    for (int d = 0; d < ndims; d++)
        fn *= fdims[d];
    if (fn > have) {
        free(h);
        h = malloc(fn * 16);
        if (!h)
            fl_die(FL_EXIT_OPENCL, "out of host memory for a filter of %zu values", fn);
        have = fn;
    }
    if (conv_args.real) /* real data: a real filter (imaginary parts 0) */
        fl_fill_random_real(h, fn, conv_args.seed ^ FILTER_SEED_OFFSET);
    else
        fl_fill_random(h, fn, conv_args.seed ^ FILTER_SEED_OFFSET);
    if (!conv_args.double_precision)
        fl_round_to_float(h, fn);
    return h;
}

/* The filter's shape for a signal of NDIMS axes and shape DIMS: the file's, --filter-size's
 * (K alone on a 2-D signal: K x K), or the default (CONV_DEFAULT_K per axis, at most the
 * signal's). Returns 0, or -1 with WHY. */
static int filter_shape(const size_t *dims, int ndims, size_t *fdims, char *why, size_t len)
{
    const struct fl_npy *f = &conv_args.filter;
    if (f->data) {
        const char *has = f->real ? (f->complex128 ? "float64" : "float32")
                                  : (f->complex128 ? "complex128" : "complex64");
        const char *want = conv_args.real ? (conv_args.double_precision ? "float64" : "float32")
                                          : (conv_args.double_precision ? "complex128" : "complex64");
        if (f->real != conv_args.real || f->complex128 != conv_args.double_precision) {
            snprintf(why, len, "--filter %s holds %s values; this %s-precision run of %s "
                     "data reads %s: np.save(path, h.astype(np.%s))%s", conv_args.filter_path,
                     has, conv_args.double_precision ? "double" : "single",
                     conv_args.real ? "real" : "complex", want, want,
                     f->real != conv_args.real ? "" : ", or run with the other --precision");
            return -1;
        }
        if (f->naxes != ndims) {
            snprintf(why, len, "--filter %s has %d ax%s, the signal %d: a %d-D signal takes a "
                     "filter of shape %s", conv_args.filter_path, f->naxes, f->naxes == 1 ? "is" : "es",
                     ndims, ndims, ndims == 1 ? "(K,)" : "(Ky, Kx)");
            return -1;
        }
        for (int d = 0; d < ndims; d++)
            fdims[d] = f->shape[d];
        return 0;
    }
    if (conv_args.fndims) {
        if (conv_args.fndims != ndims && !(conv_args.fndims == 1 && ndims == 2)) {
            snprintf(why, len, "--filter-size has %d axes, the signal %d: a 1-D signal takes a "
                     "filter like 31", conv_args.fndims, ndims);
            return -1;
        }
        for (int d = 0; d < ndims; d++)
            fdims[d] = conv_args.fdims[conv_args.fndims == ndims ? d : 0];
        return 0;
    }
    for (int d = 0; d < ndims; d++)
        fdims[d] = dims[d] < CONV_DEFAULT_K ? dims[d] : CONV_DEFAULT_K;
    return 0;
}

static const char *shape_text(const size_t *dims, int ndims, char *buf, size_t len)
{
    int used = 0;
    buf[0] = '\0';
    for (int d = 0; d < ndims && used < (int)len; d++)
        used += snprintf(buf + used, len - (size_t)used, "%s%zu", d ? "x" : "", dims[d]);
    return buf;
}

int conv_describe(const size_t *dims, int ndims, size_t batch, struct conv *cv, char *why,
                  size_t len)
{
    char a[64], b[64];
    memset(cv, 0, sizeof *cv);
    if (ndims < 1 || ndims > CONV_MAX_DIMS) {
        snprintf(why, len, "11_convolution takes 1-D or 2-D signals, not %d axes", ndims);
        return -1;
    }
    cv->mode = conv_args.mode;
    cv->real = conv_args.real;
    cv->ndims = ndims;
    cv->batch = batch;
    if (filter_shape(dims, ndims, cv->fdims, why, len) != 0)
        return -1;
    cv->n = cv->fn = cv->on = cv->mn = 1;
    for (int d = 0; d < ndims; d++) {
        cv->dims[d] = dims[d];
        if (cv->fdims[d] < 1) {
            snprintf(why, len, "the filter has no values (shape %s)",
                     shape_text(cv->fdims, ndims, a, sizeof a));
            return -1;
        }
        if (cv->mode == CONV_CIRCULAR) {
            if (cv->fdims[d] > dims[d]) {
                snprintf(why, len, "--mode circular: the filter (%s) is longer than the signal "
                         "(%s) on axis %d; a circular convolution wraps the filter onto the "
                         "signal's length. Use --mode linear, or a shorter filter",
                         shape_text(cv->fdims, ndims, a, sizeof a),
                         shape_text(dims, ndims, b, sizeof b), d);
                return -1;
            }
            cv->odims[d] = cv->mdims[d] = dims[d];
            if (fl_radix_leftover(dims[d], NULL) != 1) {
                snprintf(why, len, "--mode circular: the transform's length is the signal's, "
                         "and %zu is not 2^a 3^b 5^c 7^d (the factor %zu); --mode linear pads "
                         "any length", dims[d], fl_radix_leftover(dims[d], NULL));
                return -1;
            }
        } else {
            cv->odims[d] = dims[d] + cv->fdims[d] - 1;
            cv->mdims[d] = fl_smooth_at_least(cv->odims[d], NULL);
        }
        cv->n *= cv->dims[d];
        cv->fn *= cv->fdims[d];
        cv->on *= cv->odims[d];
        cv->mn *= cv->mdims[d];
    }
    if (cv->mn > ((size_t)1 << 26) || cv->mn * batch > ((size_t)1 << 30)) {
        snprintf(why, len, "the transform grid %s x batch %zu is too large (at most 2^26 "
                 "points, and 2^30 values with the batch)",
                 shape_text(cv->mdims, ndims, a, sizeof a), batch);
        return -1;
    }
    cv->h = conv_args.filter.data ? conv_args.filter.data : generated_filter(cv->fdims, ndims);
    return 0;
}

int conv_of_problem(const struct fl_problem *p, struct conv *cv, char *why, size_t len)
{
    if (conv_describe(p->dims, p->ndims, p->batch, cv, why, len) != 0)
        return -1;
    cv->p = p;
    struct fl_layout L;
    return conv_layout(cv, &L, why, len);
}

/* The rows' pass that holds the product when fused (the only pass, or the second of two),
 * with a radix that repeats put at both ends, where one repeats (4096 = 16 x 16 x 16 already
 * is; 1024 = 16 x 8 x 8 becomes 8 x 16 x 8): the forward's last stage then leaves each
 * value where the inverse's first stage reads it, and the exchange through local memory
 * between the two FFTs drops out (pass_middle_hook, kernels/08_fused_convolution.cl). The
 * order of the stages changes nothing else, and unfused runs the same passes. */
static void ends_alike(struct fl_radix_plan *rp)
{
    if (rp->npasses < 1 || rp->npasses > 2)
        return;
    struct fl_radix_pass *ps = &rp->pass[rp->npasses - 1];
    int n = ps->nstages;
    for (int a = 0; a < n && ps->radix[0] != ps->radix[n - 1]; a++)
        for (int b = a + 1; b < n; b++)
            if (ps->radix[a] == ps->radix[b]) {
                unsigned rest[FL_RADIX_MAX_PASS_STAGES], r = ps->radix[a];
                int k = 0;
                for (int s = 0; s < n; s++)
                    if (s != a && s != b)
                        rest[k++] = ps->radix[s];
                ps->radix[0] = ps->radix[n - 1] = r;
                memcpy(ps->radix + 1, rest, (size_t)k * sizeof *rest);
                break;
            }
    rp->nstages = 0; /* the whole plan's list, pass after pass */
    for (int i = 0; i < rp->npasses; i++)
        for (int s = 0; s < rp->pass[i].nstages; s++)
            rp->radix[rp->nstages++] = rp->pass[i].radix[s];
}

int conv_layout(const struct conv *cv, struct fl_layout *L, char *why, size_t len)
{
    const struct fl_problem *p = cv->p;
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : CONV_DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, conv_elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    /* no rows in parts: the hooked passes of 08 have no such kernel, and fused and
     * unfused are compared on the same passes */
    struct fl_layout_spec spec = {cv->ndims, {0}, cv->batch, 0, 0, &lim, 0, 0, "M"};
    memcpy(spec.dims, cv->mdims, (size_t)cv->ndims * sizeof cv->mdims[0]);
    if (fl_layout_make(&spec, L, why, len) != 0)
        return -1;
    ends_alike(&L->ax[0].rp);
    return 0;
}

size_t conv_spectrum_values(const struct conv *cv, int half)
{
    size_t mx = cv->mdims[cv->ndims - 1];
    return half ? cv->mn / mx * (mx / 2 + 1) : cv->mn;
}

int conv_spectrum_table(struct fl_plan *plan, const struct conv *cv, int half)
{
    double *hs, *pad = calloc(cv->mn, 16);
    if (!pad)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the filter's spectrum (%zu values)", cv->mn);
    size_t fy = cv->ndims == 2 ? cv->fdims[0] : 1, fx = cv->fdims[cv->ndims - 1];
    size_t mx = cv->mdims[cv->ndims - 1];
    size_t count = conv_spectrum_values(cv, half);
    for (size_t r = 0; r < fy; r++)
        memcpy(pad + 2 * r * mx, cv->h + 2 * r * fx, fx * 16);
    int slot = fl_plan_table(plan, "spectrum", count, &hs);
    if ((half ? fl_reference_r2c_nd(pad, hs, cv->mdims, cv->ndims, 1)
              : fl_reference_dft_nd(pad, hs, cv->mdims, cv->ndims, 1, -1)) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not transform the filter (%zu values)", cv->mn);
    for (size_t i = 0; i < 2 * count; i++)
        hs[i] /= (double)cv->mn;
    free(pad);
    return slot;
}

void conv_text(const struct conv *cv, char *buf, size_t len)
{
    char s[64], f[64], o[64], m[64];
    shape_text(cv->dims, cv->ndims, s, sizeof s);
    shape_text(cv->fdims, cv->ndims, f, sizeof f);
    shape_text(cv->odims, cv->ndims, o, sizeof o);
    shape_text(cv->mdims, cv->ndims, m, sizeof m);
    if (cv->mode == CONV_CIRCULAR)
        snprintf(buf, len, "%s x batch %zu, filter %s, circular: y has %s, the grid M = N = %s",
                 s, cv->batch, f, o, m);
    else
        snprintf(buf, len, "%s x batch %zu, filter %s, linear: y has N + K - 1 = %s, the grid "
                 "M = %s (the smallest 7-smooth >= it; x and h zero-padded)", s, cv->batch, f, o, m);
}

/* conv.h: the chapter's own options (main.c) and the tasks' (task.c) */
const char *conv_option_value(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len) != 0)
        return NULL;
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (argv[*i][len] != '\0')
        return NULL;
    if (*i + 1 >= argc)
        fl_die(FL_EXIT_USAGE, "%s needs a value", name);
    return argv[++*i];
}
