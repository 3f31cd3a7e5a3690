/* The problem's shape and input, in the checker: the variant, the shape from --size, the
 * chapter's demo or an --input file (read and checked against the options), the sides of a
 * transform (struct side), and the input the run transforms. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include "capabilities.h"
#include "limits.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The input (OUTPUT = 0) or the output side of a transform in direction SIGN. */
struct side run_side_of(const struct run_ctx *c, int sign, int output)
{
    struct side s;
    memset(&s, 0, sizeof s);
    s.n = c->n;
    memcpy(s.dims, c->dims, sizeof s.dims);
    if (c->ch->op && output) {
        /* an operator's output (a linear convolution's is longer than its input) */
        c->ch->op->result_dims(c->dims, c->ndims, s.dims);
        s.real = c->real;         /* real data in, real data out */
        s.n = 1;
        for (int d = 0; d < c->ndims; d++)
            s.n *= s.dims[d];
    } else if (c->real && (sign < 0) == !output) {
        s.real = 1;               /* R2C's input, C2R's output: the reals */
    } else if (c->real) {
        fl_half_dims(c->dims, c->ndims, s.dims);
        s.n = fl_half_count(c->dims, c->ndims);
    }
    return s;
}

/* Device bytes of side S, the whole batch. */
size_t run_side_bytes(const struct run_ctx *c, const struct side *s)
{
    return s->n * c->batch * (s->real ? c->elem / 2 : c->elem);
}

const struct fl_variant *fl_variant_find(const struct fl_variant *variants, const char *chapter,
                                         const char *name, char *why, size_t len)
{
    if (!name)
        return &variants[0];
    for (const struct fl_variant *v = variants; v->name; v++)
        if (strcmp(v->name, name) == 0)
            return v;
    char list[512];
    int used = 0;
    for (const struct fl_variant *v = variants; v->name; v++)
        used += snprintf(list + used, sizeof list - (size_t)used, "%s%s", used ? ", " : "",
                         v->name);
    snprintf(why, len, "%s has no variant '%s' (it has: %s)", chapter, name, list);
    return NULL;
}

const struct fl_variant *run_find_variant(const struct fl_chapter *ch, const char *name)
{
    char why[1024];
    const struct fl_variant *v = fl_variant_find(ch->variants, ch->name, name, why, sizeof why);
    if (!v)
        fl_die(FL_EXIT_USAGE, "%s", why);
    return v;
}

/* The larger side's values, the whole batch: what the memory shared with the worker holds. */
size_t run_most_values(const struct run_ctx *c)
{
    int sign = c->o && c->o->inverse ? 1 : -1;
    size_t in = run_side_of(c, sign, 0).n, out = run_side_of(c, sign, 1).n;
    return (in > out ? in : out) * c->batch;
}

/* "512x512" */
const char *run_shape_text(const size_t *dims, int ndims, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int d = 0; d < ndims && used < len; d++)
        used += (size_t)snprintf(buf + used, len - used, "%s%zu", d ? "x" : "", dims[d]);
    return buf;
}

/* The shape of an --input file. 1-D chapters read (N,) or (batch, N). A chapter of up to
 * MAX_DIMS > 1 dimensions reads (N,), or an array whose first axis is the batch:
 * (batch, N), (batch, Ny, Nx), (batch, Nz, Ny, Nx); with --size D0xD1.. the file may also leave the batch
 * axis out: (D0, D1, ..). HALF: the file holds half spectra (C2R), whose last axis is
 * Nx/2 + 1: --size names the real arrays' shape, as numpy.fft.irfftn's s does; without
 * it Nx = 2 (m - 1) from the file's m, irfftn's default. */
static void shape_from_input(const struct fl_npy *in, const struct fl_options *o, int max_dims,
                             int half, struct run_ctx *c)
{
    int naxes = in->naxes, lead; /* lead = 1: the first axis is the batch */
    char want[96], got[96];
    if (max_dims <= 1) {
        if (naxes > 2)
            fl_die(FL_EXIT_USAGE, "%s has %d axes; 1-D chapters read shape (N,) or (batch, N)", o->input, naxes);
        lead = naxes == 2;
    } else if (o->ndims) {
        if (naxes != o->ndims && naxes != o->ndims + 1)
            fl_die(FL_EXIT_USAGE, "--size %s disagrees with %s, which has %d axes: --size %s reads "
                   "shape (%s) or (batch, %s)", run_shape_text(o->dims, o->ndims, want, sizeof want),
                   o->input, naxes, want, want, want);
        lead = naxes == o->ndims + 1;
    } else {
        if (naxes > max_dims + 1)
            fl_die(FL_EXIT_USAGE, "%s has %d axes; %s reads shape (N,), (batch, N), (batch, Ny, "
                   "Nx) or (batch, Nz, Ny, Nx)", o->input, naxes, c->ch->name);
        lead = naxes >= 2;
    }
    c->ndims = naxes - lead;
    c->n = 1;
    for (int d = 0; d < c->ndims; d++) {
        c->dims[d] = in->shape[lead + d];
        c->n *= c->dims[d];
    }
    c->batch = lead ? in->shape[0] : 1;
    /* the file's arrays as --size says they are: its shape, or its half spectrum's */
    size_t expect[FL_MAX_DIMS] = {0};
    const char *why_half = half ? " (half spectra: the last axis of a half spectrum of Nx reals "
                                  "is Nx/2 + 1)" : "";
    if (o->ndims && half)
        fl_half_dims(o->dims, o->ndims, expect);
    else if (o->ndims)
        memcpy(expect, o->dims, sizeof expect);
    if (o->ndims && max_dims <= 1 && (o->ndims != 1 || expect[0] != c->n))
        fl_die(FL_EXIT_USAGE, "--size %zu disagrees with %s, whose rows have length %zu%s",
               o->dims[0], o->input, c->n, why_half);
    if (o->ndims && (o->ndims != c->ndims || memcmp(expect, c->dims, (size_t)c->ndims * sizeof c->dims[0])))
        fl_die(FL_EXIT_USAGE, "--size %s disagrees with %s, whose arrays have shape %s%s",
               run_shape_text(o->dims, o->ndims, want, sizeof want), o->input,
               run_shape_text(c->dims, c->ndims, got, sizeof got), why_half);
    if (o->batch && o->batch != c->batch)
        fl_die(FL_EXIT_USAGE, "--batch %zu disagrees with %s, which holds %zu rows", o->batch,
               o->input, c->batch);
    if (half) {
        /* from here on, the real arrays' shape */
        size_t m = c->dims[c->ndims - 1];
        if (o->ndims)
            memcpy(c->dims, o->dims, sizeof c->dims);
        else if (m < 2)
            fl_die(FL_EXIT_USAGE, "%s: a half spectrum of Nx reals has Nx/2 + 1 values along its "
                   "last axis, at least 2 for the even Nx this chapter does; this one has %zu",
                   o->input, m);
        else
            c->dims[c->ndims - 1] = 2 * (m - 1);
        c->n = 1;
        for (int d = 0; d < c->ndims; d++)
            c->n *= c->dims[d];
    }
}

/* Read --input for chapter CH into IN (exits 2 on a file that does not fit the run). */
static void read_input(const struct fl_chapter *ch, const struct fl_options *o, struct fl_npy *in)
{
    char err[1024];
    int dbl = o->precision == FL_DOUBLE;
    if (!ch->real_input) {
        if (fl_npy_read(o->input, in, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        if (in->complex128 != dbl)
            fl_die(FL_EXIT_USAGE, "%s holds %s but this is a %s-precision run; use %s, or convert "
                   "with numpy: x.astype(np.%s)", o->input, in->complex128 ? "complex128" : "complex64",
                   dbl ? "double" : "single",
                   in->complex128 ? "--precision double" : "--precision single",
                   dbl ? "complex128" : "complex64");
        return;
    }
    /* real transforms: R2C reads real arrays, C2R half spectra */
    if (fl_npy_read_any(o->input, in, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    const char *has = in->real ? (in->complex128 ? "float64" : "float32")
                               : (in->complex128 ? "complex128" : "complex64");
    if (!o->inverse && !in->real)
        fl_die(FL_EXIT_USAGE, "%s holds %s values; %s's forward transform (R2C) reads real arrays, "
               "%s ('<%s'): np.save(path, x.astype(np.%s)). A half spectrum (numpy.fft.rfftn's) "
               "goes back with --inverse (C2R); complex data of any kind: 06_mixed_radix, 07_multidim",
               o->input, has, ch->name, dbl ? "float64" : "float32", dbl ? "f8" : "f4",
               dbl ? "float64" : "float32");
    if (o->inverse && in->real)
        fl_die(FL_EXIT_USAGE, "%s holds %s values; --inverse (C2R) reads half spectra, %s of shape "
               "(..., Nx/2 + 1), e.g. np.fft.rfftn(x, axes=...).astype(np.%s); real arrays are the "
               "forward transform's (R2C) input", o->input, has, dbl ? "complex128" : "complex64",
               dbl ? "complex128" : "complex64");
    if (in->complex128 != dbl)
        fl_die(FL_EXIT_USAGE, "%s holds %s but this is a %s-precision run; use %s, or convert "
               "with numpy: x.astype(np.%s)", o->input, has, dbl ? "double" : "single",
               in->complex128 ? "--precision double" : "--precision single",
               in->real ? (dbl ? "float64" : "float32") : (dbl ? "complex128" : "complex64"));
}


/* Data from --input that no transform can take: a NaN or an infinity is the input's
 * fault, not the kernel's, so it is a usage error naming the first such element. */
static void check_input(const struct run_ctx *c, const double *x, size_t count)
{
    for (size_t i = 0; i < 2 * count; i++)
        if (!isfinite(x[i]))
            fl_die(FL_EXIT_USAGE, "--input %s: element %zu (row %zu, index %zu) is not finite "
                   "(%s %s part): an FFT of it has no finite answer to check", c->o->input, i / 2,
                   i / 2 / (count / c->batch), i / 2 % (count / c->batch), isnan(x[i]) ? "NaN" : "infinite",
                   i % 2 ? "imaginary" : "real");
}

void run_problem_shape(const struct fl_chapter *ch, const struct fl_options *o,
                       struct run_ctx *c, struct fl_npy *in)
{
    char err[1024];
    c->real = ch->real_input;
    memset(in, 0, sizeof *in);
    if (o->input) {
        read_input(ch, o, in);
        const struct fl_capability *cap = fl_capability_of(ch->name);
        shape_from_input(in, o, cap ? cap->max_dims : 1, c->real && o->inverse, c);
    } else {
        if (o->ndims) {
            c->ndims = o->ndims;
            memcpy(c->dims, o->dims, sizeof c->dims);
        } else if (ch->demo_shape) {
            if (fl_parse_size(ch->demo_shape, c->dims, &c->ndims, err, sizeof err) != 0)
                fl_die(FL_EXIT_OPENCL, "%s's demo_shape: %s (chapter bug)", ch->name, err);
        } else {
            c->ndims = 1;
            c->dims[0] = ch->demo_n;
        }
        c->n = 1;
        for (int d = 0; d < c->ndims; d++)
            c->n *= c->dims[d];
        c->batch = o->batch ? o->batch : (o->ndims ? 1 : ch->demo_batch);
    }
    if (fl_capability_check(ch->name, c->dims, c->ndims, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    if (fl_check_values(c->n, c->batch, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    c->count = c->n * c->batch;
    c->elem = o->precision == FL_DOUBLE ? 16 : 8;
}

double *run_make_input(const struct run_ctx *c, const struct fl_npy *in)
{
    const struct fl_options *o = c->o;
    struct side side_in = run_side_of(c, o->inverse ? 1 : -1, 0);
    size_t in_count = side_in.n * c->batch;
    double *x0 = in->data;
    if (x0) {
        check_input(c, x0, in_count);
        return x0;
    }
    x0 = fl_xmalloc(in_count * 16, "input");
    if (!c->real) {
        fl_fill_random(x0, c->count, o->seed);
    } else if (!o->inverse) {
        fl_fill_random_real(x0, in_count, o->seed);
    } else {
        /* a half spectrum some real array has (fl_hermitian_half) */
        fl_fill_random(x0, in_count, o->seed);
        fl_hermitian_half(x0, c->dims, c->ndims, c->batch);
    }
    if (o->precision == FL_SINGLE)
        fl_round_to_float(x0, in_count);
    return x0;
}
