/* The checker's verification: each run in the worker (run_remote), and the five checks of a
 * problem against FFTW (random or --input, two impulses, a tone, the round trip), with
 * their lines held back until the worker has exited (run_print_held). */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The checker: one run of plan WHICH in direction SIGN on input X (side `in` of SIGN) in
 * the worker; its output into OUT. Returns where it wrote out of bounds, or NULL. */
const char *run_remote(struct run_ctx *c, int which, int sign, const double *x, double *out)
{
    static struct output_msg got;
    struct side in = run_side_of(c, sign, 0), res = run_side_of(c, sign, 1);
    struct run_req rq;
    memset(&rq, 0, sizeof rq);
    rq.which = which;
    rq.sign = sign;
    snprintf(rq.check, sizeof rq.check, "%s", c->check);
    memcpy(c->shared, x, in.n * c->batch * 16);
    fl_iso_send(MSG_RUN, 0, &rq, sizeof rq);
    struct fl_msg m;
    if (fl_iso_recv(&m, &got, sizeof got) != 0 || m.type != MSG_OUTPUT || m.len != sizeof got)
        fl_die(FL_EXIT_OPENCL, "the process that ran the kernels answered a run with message %u",
               (unsigned)m.type);
    /* a private copy, before anything reads it: the worker may write there at any time */
    memcpy(out, c->shared, res.n * c->batch * 16);
    fl_iso_clean(got.where, sizeof got.where);
    if (!got.where[0])
        return NULL;
    /* the fields as the worker gave them: text cleaned, the check's name this process's */
    c->fault = got.fault;
    c->fault.set = 1;
    fl_iso_clean(c->fault.access, sizeof c->fault.access);
    fl_iso_clean(c->fault.buffer, sizeof c->fault.buffer);
    fl_iso_clean(c->fault.side, sizeof c->fault.side);
    fl_iso_clean(c->fault.kernel, sizeof c->fault.kernel);
    snprintf(c->fault.check, sizeof c->fault.check, "%s", c->check ? c->check : "");
    return got.where;
}

/* ---------------------------------------------------------------- held-back lines */

/* The checker prints the verify lines once the worker has exited: until then each check's
 * mismatch lines wait here, in order. */
struct run_held run_held;

void run_print_held(void)
{
    for (; run_held.r && run_held.printed < run_held.shown; run_held.printed++) {
        fl_report_check(run_held.fmt, &run_held.r->check[run_held.printed]);
        FILE *to = run_held.fmt == FL_FORMAT_TEXT ? stdout : stderr;
        if (run_held.text[run_held.printed])
            fputs(run_held.text[run_held.printed], to);
        free(run_held.text[run_held.printed]);
        run_held.text[run_held.printed] = NULL;
    }
    if (run_held.output && run_held.fmt == FL_FORMAT_TEXT)
        printf("output   wrote %s\n", run_held.output);
    run_held.output = NULL;
    fflush(stdout);
}

/* ---------------------------------------------------------------- verification */

struct verifier {
    struct run_ctx *c;
    struct fl_result *r;
    struct fl_bounds bound;
    double *ref, *out;
};

/* Compare OUT with REF, both holding side S (its indices name the element in words). */
static struct fl_check *judge_check(struct verifier *v, const char *name, const double *out,
                                    const double *ref, double scale, const struct side *s)
{
    struct fl_result *r = v->r;
    struct fl_check *chk = &r->check[r->nchecks++];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", name);
    const struct run_ctx *c = v->c;
    size_t n = s->n;
    fl_compare(out, ref, n * c->batch, &chk->err);
    chk->bound.l2 = v->bound.l2 * scale;
    chk->bound.max = v->bound.max * scale;
    chk->ok = chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
    char at[64];
    if (chk->err.nonfinite)
        snprintf(chk->detail, sizeof chk->detail, "%zu of %zu outputs never written (NaN), first "
                 "at row %zu index %s", chk->err.nonfinite, n * c->batch, chk->err.first_nonfinite / n,
                 fl_format_index(at, sizeof at, chk->err.first_nonfinite % n, s->dims, c->ndims));
    else if (!chk->ok)
        snprintf(chk->detail, sizeof chk->detail, "largest error at row %zu index %s",
                 chk->err.worst / n, fl_format_index(at, sizeof at, chk->err.worst % n, s->dims,
                                                     c->ndims));
    return chk;
}

/* A write out of bounds found after check CHK's run: the check fails, and the run's
 * first one is the JSON report's fault (c->fault, from the run). */
static void report_guard(const struct run_ctx *c, struct fl_result *r, struct fl_check *chk,
                         const char *buf)
{
    if (!r->fault.set) {
        r->fault = c->fault;
        snprintf(r->fault.check, sizeof r->fault.check, "%s", chk->name);
    }
    chk->ok = 0;
    snprintf(chk->detail, sizeof chk->detail, "a kernel wrote out of bounds: %s "
             "(an index outside the data, even if every value is right)", buf);
}

/* The check's line and, when it failed, its mismatches: held back (run_print_held). */
static void show_failure(struct verifier *v, const struct fl_check *chk, const double *out,
                         const double *ref, enum fl_format fmt, const struct side *s)
{
    int i = (int)(chk - v->r->check);
    run_held.fmt = fmt;
    run_held.r = v->r;
    run_held.text[i] = NULL;
    if (!chk->ok) {
        /* Under the check's own line (stdout in text mode), so captured output reads in order. */
        size_t len = 0;
        FILE *f = open_memstream(&run_held.text[i], &len);
        if (!f)
            fl_die(FL_EXIT_OPENCL, "out of host memory for a check's report");
        fl_print_mismatches_nd(f, out, ref, s->dims, v->c->ndims, v->c->batch, chk->bound.max, 5);
        fclose(f);
        fl_check_keep_mismatches(&v->r->check[i], run_held.text[i]);
    }
    run_held.shown = i + 1;
}

/* How many outputs an operator's direct() gives at most: a few thousand, so that the plain
 * sum stays cheap at any size (every output of a small problem). */
#define OP_DIRECT_MAX 4096

/* An operator's reference is all zero while its input X is not. An operator may map a
 * nonzero input to zero (a circular convolution with a filter whose spectrum vanishes
 * where the input's lives), so that alone proves nothing: the reference is lost when the
 * operator's direct() (another method) finds a nonzero output. */
static int op_reference_lost(const struct run_ctx *c, const double *x)
{
    size_t *idx = fl_xmalloc(OP_DIRECT_MAX * sizeof *idx, "the direct outputs' indices");
    double *val = fl_xmalloc(OP_DIRECT_MAX * 16, "the direct outputs");
    size_t got = c->ch->op->direct(x, c->dims, c->ndims, c->batch, idx, val, OP_DIRECT_MAX);
    int lost = 0;
    for (size_t i = 0; i < 2 * got && !lost; i++)
        lost = val[i] != 0;
    free(idx);
    free(val);
    return lost;
}

/* FFTW's answer REF for input X of direction SIGN is all zero while the input is not
 * (fl_reference_lost): the reference was not computed from this input, and no check can
 * pass against it. A C2R keeps only the Hermitian part of its input: that part is what
 * must be nonzero (an --input half spectrum may have none). */
static int reference_lost(const struct run_ctx *c, const double *x, const double *ref, int sign)
{
    struct side in = run_side_of(c, sign, 0), res = run_side_of(c, sign, 1);
    size_t in_count = in.n * c->batch, res_count = res.n * c->batch;
    if (!fl_reference_lost(x, in_count, ref, res_count))
        return 0;
    if (c->ch->op)
        return op_reference_lost(c, x);
    if (!(c->real && sign > 0))
        return 1;
    double *h = fl_xmalloc(in_count * 16, "the input's Hermitian part");
    memcpy(h, x, in_count * 16);
    fl_hermitian_half(h, c->dims, c->ndims, c->batch);
    int lost = fl_reference_lost(h, in_count, ref, res_count);
    free(h);
    return lost;
}

static void report_lost_reference(struct fl_check *chk)
{
    chk->ok = 0;
    snprintf(chk->detail, sizeof chk->detail, "FFTW's reference is all zero but the input is "
             "not: the reference cannot be trusted, so the check fails");
}


/* Finite input whose transform is not finite in the run's precision (FFTW's reference,
 * in double, says how large it gets): the values overflow, a usage error. */
static void check_overflow(const struct run_ctx *c, const double *ref, size_t count)
{
    double most = c->o->precision == FL_DOUBLE ? DBL_MAX : FLT_MAX;
    for (size_t i = 0; i < 2 * count; i++)
        if (!(fabs(ref[i]) <= most))
            fl_die(FL_EXIT_USAGE, "--input %s: the transform's values overflow %s precision "
                   "(output element %zu is %g; the largest is %g): scale the input down",
                   c->o->input, c->o->precision == FL_DOUBLE ? "double" : "single", i / 2,
                   ref[i], most);
}

/* A check whose outputs are not finite, with --input: where the magnitudes of a row of
 * the check's input X (side S) add up to near the precision's largest value, an inner
 * stage or the output may overflow, so it is the input's fault, a usage error naming the
 * check (WHAT). Else nothing: the kernel's. Near: within INNER_HEADROOM. A value a radix
 * pass computes is a sum of the input's values times unit twiddles, at most that sum; but
 * Bluestein's convolution multiplies by a filter's spectrum, larger than 1, and a twiddle
 * rounded to float may be a little over 1. Only an --input this large is excused: the
 * grader's random inputs never come near. */
#define INNER_HEADROOM 1024.0
static void check_inner_overflow(const struct run_ctx *c, const char *what, const double *x,
                                 const struct side *s, const char *why)
{
    double most = c->o->precision == FL_DOUBLE ? DBL_MAX : FLT_MAX;
    for (size_t row = 0; row < c->batch; row++) {
        double sum = 0;
        for (size_t i = row * s->n; i < (row + 1) * s->n; i++)
            sum += hypot(x[2 * i], x[2 * i + 1]);
        if (!(sum <= most / INNER_HEADROOM))
            fl_die(FL_EXIT_USAGE, "--input %s: the %s overflows %s precision (outputs not "
                   "finite): the magnitudes of row %zu of its input add up to %g, more than "
                   "1/%g of the largest value (%g), so an inner stage or the output overflows%s: "
                   "scale the input down", c->o->input, what,
                   c->o->precision == FL_DOUBLE ? "double" : "single", row, sum, INNER_HEADROOM,
                   most, why);
    }
}

/* FFTW's answer for input X in direction SIGN: the complex DFT, or r2c / c2r; an
 * operator's (fl_chapter.op) from its reference(), told which check X is (KIND). */
static void reference(const struct run_ctx *c, const double *x, double *ref, int sign,
                      enum fl_op_check kind)
{
    if (c->ch->op) {
        if (c->ch->op->reference(kind, x, ref, c->dims, c->ndims, c->batch) != 0)
            fl_die(FL_EXIT_OPENCL, "the reference of the %s could not be computed (out of "
                   "memory?)", c->ch->op->what);
        return;
    }
    int rc = !c->real ? fl_reference_dft_nd(x, ref, c->dims, c->ndims, c->batch, sign)
           : sign < 0 ? fl_reference_r2c_nd(x, ref, c->dims, c->ndims, c->batch)
                      : fl_reference_c2r_nd(x, ref, c->dims, c->ndims, c->batch);
    if (rc != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the reference (out of memory?)");
}

/* The tone check's bounds' factor: 1, or for an operator with a gain (fl_operator.gain)
 * max(1, gain ||x|| / ||ref||), how much smaller the tone's output is than the operator's
 * largest gain would make it. */
static double tone_scale(const struct run_ctx *c, const double *x, size_t in_count,
                         const double *ref, size_t res_count)
{
    if (!c->ch->op || !c->ch->op->gain)
        return 1.0;
    double nx = 0, nr = 0;
    for (size_t i = 0; i < 2 * in_count; i++)
        nx += x[i] * x[i];
    for (size_t i = 0; i < 2 * res_count; i++)
        nr += ref[i] * ref[i];
    if (!(nr > 0))
        return 1.0;
    double s = c->ch->op->gain(c->dims, c->ndims) * sqrt(nx / nr);
    return s > 1.0 ? s : 1.0;
}

/* An operator's fifth check: up to OP_DIRECT_MAX outputs of the main input X0, computed by
 * its direct() (another method than reference(): the plain sum), against the same outputs
 * of the run OUT0 (side RES), with the reference's bounds. The direct values are compared
 * as one array; a failure names the output's row and index. */
static void check_direct(struct verifier *v, const double *x0, const double *out0,
                         const struct side *res)
{
    struct run_ctx *c = v->c;
    struct fl_result *r = v->r;
    const struct fl_operator *op = c->ch->op;
    size_t *idx = fl_xmalloc(OP_DIRECT_MAX * sizeof *idx, "the direct outputs' indices");
    double *want = fl_xmalloc(OP_DIRECT_MAX * 16, "the direct outputs");
    double *got = fl_xmalloc(OP_DIRECT_MAX * 16, "the run's outputs");
    size_t count = op->direct(x0, c->dims, c->ndims, c->batch, idx, want, OP_DIRECT_MAX);
    size_t total = res->n * c->batch;
    for (size_t i = 0; i < count; i++) {
        if (idx[i] >= total)
            fl_die(FL_EXIT_OPENCL, "%s: direct() named output %zu of %zu (a chapter bug)",
                   c->ch->name, idx[i], total);
        got[2 * i] = out0[2 * idx[i]];
        got[2 * i + 1] = out0[2 * idx[i] + 1];
    }
    struct fl_check *chk = &r->check[r->nchecks++];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", op->direct_name);
    fl_compare(got, want, count, &chk->err);
    chk->bound = v->bound;
    chk->ok = count > 0 && chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
    size_t n = res->n;
    char at[64];
    if (count == 0) {
        snprintf(chk->detail, sizeof chk->detail, "no output to compare (a chapter bug)");
    } else if (chk->err.nonfinite) {
        size_t e = idx[chk->err.first_nonfinite];
        snprintf(chk->detail, sizeof chk->detail, "%zu of the %zu outputs compared never written "
                 "(NaN), first at row %zu index %s", chk->err.nonfinite, count, e / n,
                 fl_format_index(at, sizeof at, e % n, res->dims, c->ndims));
    } else if (!chk->ok) {
        size_t e = idx[chk->err.worst];
        snprintf(chk->detail, sizeof chk->detail, "largest error at row %zu index %s (of %zu "
                 "outputs compared)", e / n, fl_format_index(at, sizeof at, e % n, res->dims,
                                                             c->ndims), count);
    }
    int i = (int)(chk - r->check);
    run_held.fmt = c->o->format;
    run_held.r = r;
    run_held.text[i] = NULL;
    run_held.shown = i + 1;
    free(idx);
    free(want);
    free(got);
}

void run_verify(struct run_ctx *c, const double *x0, double *out0, struct fl_result *r)
{
    const struct fl_options *o = c->o;
    const struct fl_operator *op = c->ch->op;
    size_t bound_n = op && op->bound_points ? op->bound_points(c->dims, c->ndims) : c->n;
    struct verifier v = {c, r, fl_bounds_for(c->ch->bound, bound_n, o->precision == FL_DOUBLE), NULL,
                         NULL};
    if (c->variant->bound_scale > 0) {
        v.bound.l2 *= c->variant->bound_scale;
        v.bound.max *= c->variant->bound_scale;
    }
    int sign = r->sign;
    /* in: what the main direction reads (and the round trip gives back); res: what it writes */
    struct side in = run_side_of(c, sign, 0), res = run_side_of(c, sign, 1);
    size_t in_count = in.n * c->batch, res_count = res.n * c->batch;
    size_t most = in_count > res_count ? in_count : res_count;
    /* C2R reads half spectra: the ones made here are Hermitian-consistent (what an r2c
     * gives), so that every check has one right answer and the round trip returns them */
    int c2r = c->real && sign > 0;
    v.ref = fl_xmalloc(most * 16, "reference");
    v.out = fl_xmalloc(most * 16, "output");
    double *x = fl_xmalloc(in_count * 16, "test input");

    /* 1. the main input (random, or --input) */
    const size_t *dims = c->dims;
    int nd = c->ndims;
    /* FFTW's answer is computed here, in the checker, from the checker's own copy of the
     * input, after the run: the kernels run in the worker, which cannot reach either */
    c->check = o->input ? "input" : "random";
    const char *guard = run_remote(c, 0, sign, x0, out0);
    reference(c, x0, v.ref, sign, FL_OP_MAIN);
    if (o->input)
        check_overflow(c, v.ref, res_count);
    int lost = reference_lost(c, x0, v.ref, sign);
    struct fl_check *chk = judge_check(&v, o->input ? "input" : "random", out0, v.ref, 1.0, &res);
    if (lost) report_lost_reference(chk);
    if (o->input && chk->err.nonfinite && !guard)
        check_inner_overflow(c, sign < 0 ? "forward transform" : "inverse transform", x0, &in, "");
    if (guard) report_guard(c, r, chk, guard);
    show_failure(&v, chk, out0, v.ref, o->format, &res);
    memset(v.ref, 0, most * 16);

    /* 2, 3. impulses: at 0 every bin is 1; at j a pure rotation (finds index bugs). On a
     * grid, j is a point (j_z, j_y, j_x) with j_d = N_d/3 + 1 on every axis (of the input's
     * shape: a C2R impulse sits in the half spectrum). */
    size_t grid[2][FL_MAX_DIMS], positions[2] = {0, 0};
    for (int d = 0; d < nd; d++) {
        grid[0][d] = 0;
        grid[1][d] = in.dims[d] > 1 ? (in.dims[d] / 3 + 1) % in.dims[d] : 0;
        positions[1] = positions[1] * in.dims[d] + grid[1][d];
    }
    for (int i = 0; i < 2; i++) {
        char name[32];
        fl_check_name(name, sizeof name, "impulse", grid[i], nd);
        fl_fill_impulse(x, in.n, c->batch, positions[i]);
        if (c2r)
            fl_hermitian_half(x, dims, nd, c->batch);
        c->check = name;
        guard = run_remote(c, 0, sign, x, v.out);
        reference(c, x, v.ref, sign, FL_OP_IMPULSE);
        lost = reference_lost(c, x, v.ref, sign);
        chk = judge_check(&v, name, v.out, v.ref, 1.0, &res);
        if (lost) report_lost_reference(chk);
        if (guard) report_guard(c, r, chk, guard);
        show_failure(&v, chk, v.out, v.ref, o->format, &res);
        memset(v.ref, 0, most * 16);
    }

    /* 4. a single tone: all energy must land in bin k (a flipped sign puts it at N-k); on a
     * grid, at the point (k_z, k_y, k_x), k_d = N_d/4 + 1. Real transforms: a real cosine
     * (R2C), or the half of a cosine spectrum (C2R), whose energy sits at k and -k. */
    size_t k[FL_MAX_DIMS];
    for (int d = 0; d < nd; d++)
        k[d] = dims[d] > 2 ? (dims[d] / 4 + 1) % dims[d] : dims[d] - 1;
    {
        char name[32];
        fl_check_name(name, sizeof name, "tone", k, nd);
        if (!c->real)
            fl_fill_tone_nd(x, dims, nd, c->batch, k, sign);
        else
            fl_fill_cos_nd(x, dims, nd, c->batch, k, in.dims[nd - 1]);
        if (c2r)
            fl_hermitian_half(x, dims, nd, c->batch);
        if (o->precision == FL_SINGLE)
            fl_round_to_float(x, in_count);
        c->check = name;
        guard = run_remote(c, 0, sign, x, v.out);
        reference(c, x, v.ref, sign, FL_OP_TONE);
        lost = reference_lost(c, x, v.ref, sign);
        chk = judge_check(&v, name, v.out, v.ref, tone_scale(c, x, in_count, v.ref, res_count),
                          &res);
        if (guard) report_guard(c, r, chk, guard);
        if (c->ch->op)
            ; /* an operator's tone is judged against its reference (a closed form) alone */
        else if (!c->real)
            fl_check_tone_peak_nd(chk, v.out, dims, nd, c->batch, k);
        else
            fl_check_tone_peak_real(chk, v.out, dims, nd, c->batch, k, !c2r);
        if (lost) report_lost_reference(chk);
        show_failure(&v, chk, v.out, v.ref, o->format, &res);
        memset(v.ref, 0, most * 16);
    }

    /* 5. an operator's: the main input's outputs by another method (its direct()) */
    if (c->ch->op) {
        check_direct(&v, x0, out0, &res);
        fl_conclude_checks(r);
        free(x);
        free(v.ref);
        free(v.out);
        return;
    }

    /* 5. round trip: the other direction undoes this one, up to the factor N. C2R then
     * R2C gives back the Hermitian part of the input (all of it, unless --input held a
     * spectrum no real array has: then what FFTW and numpy keep of it) */
    {
        c->check = "roundtrip";
        guard = run_remote(c, 1, -sign, out0, v.out);
        for (size_t i = 0; i < 2 * in_count; i++)
            v.out[i] /= (double)c->n;
        const double *want = x0;
        if (c2r) {
            memcpy(x, x0, in_count * 16);
            fl_hermitian_half(x, dims, nd, c->batch);
            want = x;
        }
        chk = judge_check(&v, "roundtrip", v.out, want, 2.0, &in);
        if (o->input && chk->err.nonfinite && !guard) {
            char why[96];
            snprintf(why, sizeof why, " (it gives back N times the input, N = %zu)", c->n);
            check_inner_overflow(c, "round trip", out0, &res, why);
        }
        if (guard) report_guard(c, r, chk, guard);
        show_failure(&v, chk, v.out, want, o->format, &in);
    }

    fl_conclude_checks(r);
    free(x);
    free(v.ref);
    free(v.out);
}
