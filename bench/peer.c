#define _POSIX_C_SOURCE 200809L
#include "peer.h"

#include "../common/timing.h"
#include "peer_events.h"

#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Peers index with int like the chapters' kernels (FFTW's plan_many takes int). */
#define PEER_MAX_ELEMENTS (((size_t)1 << 31) - 1)

void *peer_xmalloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating %s (%zu MiB)", what, bytes >> 20);
    return p;
}

int peer_parse(int argc, char **argv, const char *help, int (*extra)(const char *name, const char *value),
               struct peer_problem *p)
{
    char err[1024];
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* stdout is the CSV table: every status and error line goes to stderr. */
    fl_set_status_stream_stderr(1);
    memset(p, 0, sizeof *p);
    fl_options_defaults(&p->o);

    /* Take the peer's own options out first; the rest is the chapters' command line. */
    char **rest = peer_xmalloc((size_t)(argc + 1) * sizeof *rest, "arguments");
    int nrest = 0;
    int format_given = 0;
    rest[nrest++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--format", 8) == 0 && (a[8] == '\0' || a[8] == '='))
            format_given = 1;
        if (strcmp(a, "--real") == 0) {
            p->real = 1;
            continue;
        }
        if (extra && strncmp(a, "--", 2) == 0) {
            char name[64];
            const char *eq = strchr(a, '=');
            const char *val = NULL;
            if (eq && (size_t)(eq - a) < sizeof name) {
                memcpy(name, a, (size_t)(eq - a));
                name[eq - a] = '\0';
                val = eq + 1;
            } else {
                snprintf(name, sizeof name, "%s", a);
                val = i + 1 < argc ? argv[i + 1] : NULL;
            }
            int took = extra(name, val);
            if (took) {
                if (!eq)
                    i++; /* the value was the next argument */
                continue;
            }
        }
        rest[nrest++] = argv[i];
    }
    rest[nrest] = NULL;
    if (fl_parse_options(nrest, rest, &p->o, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    free(rest);

    const struct fl_options *o = &p->o;
    if (o->help) {
        printf("%s\n\n"
               "options (the chapters' names; the rest of theirs are refused)\n"
               "  --size N            transform length: 1024 or 2^20, or a 2D/3D shape like 512x512\n"
               "                      (row-major, the last axis contiguous)\n"
               "  --batch B           B transforms, one after another in memory\n"
               "  --inverse           exp(+2 pi i jk/N), not divided by N (FFTW's convention)\n"
               "  --seed S            seed of the random test input (default 1)\n"
               "  --warmup W          untimed calls first (default 2)\n"
               "  --repeat R          timed calls (default: enough for ~0.2 s, 5..1000; 0 = don't time)\n"
               "  --no-verify         skip the FFTW comparison (the row says UNVERIFIED)\n"
               "  --flush-l2          before each timed call, write a buffer twice the device's\n"
               "                      cache (a host library: 256 MiB on the host), so each call\n"
               "                      starts cold (timing ...-cold)\n"
               "  --real              real input: R2C forward, C2R with --inverse (the last axis\n"
               "                      has Nx/2+1 complex bins: FFTW's r2c layout, NumPy's rfftn)\n"
               "  --device SPEC       OpenCL peers: P:D or part of a name (env FFTLAB_DEVICE)\n"
               "  --list-devices      OpenCL peers: list platforms and devices\n"
               "  --format csv        the only format: stdout is fl_csv_header, then one row;\n"
               "                      the check lines and PASS/FAIL go to stderr\n\n"
               "exit status: 0 verified, 1 wrong result, 2 usage error or a size the library\n"
               "can't do, 3 OpenCL or library error.\n", help);
        return 1;
    }
    if (o->list_devices)
        return 0;
    if (format_given && o->format != FL_FORMAT_CSV)
        fl_die(FL_EXIT_USAGE, "peers print CSV only (the chapters' schema): use --format csv or leave --format out");
    if (o->input || o->output)
        fl_die(FL_EXIT_USAGE, "peers take no --input/--output: they transform the seeded random input (--seed)");
    if (o->size_list)
        fl_die(FL_EXIT_USAGE, "--size %s: a peer takes one size (a list is for the chapters)", o->size_list);
    if (o->precision != FL_SINGLE)
        fl_die(FL_EXIT_USAGE, "peers measure single precision only (fp32 complex: docs/peers.md)");
    if (o->kernels || o->variant || o->wg || o->explain || o->timeout_s > 0)
        fl_die(FL_EXIT_USAGE, "--kernels, --variant, --wg, --explain and --timeout are chapter options; "
               "a peer has none of them");

    p->ndims = o->ndims ? o->ndims : 1;
    p->dims[0] = 1024;
    p->n = 1;
    for (int d = 0; d < o->ndims; d++)
        p->dims[d] = o->dims[d];
    for (int d = 0; d < p->ndims; d++)
        p->n *= p->dims[d];
    p->batch = o->batch ? o->batch : (o->ndims ? 1 : 1024);
    if (p->batch > PEER_MAX_ELEMENTS / p->n)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu is more than 2^31 elements, the most a peer "
               "(like the chapters) indexes", p->n, p->batch);
    p->count = p->n * p->batch;
    p->sign = o->inverse ? 1 : -1;
    if (p->real) {
        size_t nx = p->dims[p->ndims - 1];
        if (nx % 2)
            fl_die(FL_EXIT_USAGE, "--real needs an even last axis (N = %zu): R2C gives Nx/2+1 bins "
                   "of the last axis, and the libraries' fast paths are for even Nx", nx);
        p->half = p->n / nx * (nx / 2 + 1);
    }
    return 0;
}

/* ---------------------------------------------------------------- verification */

struct fl_check *peer_judge(const struct peer_problem *p, struct fl_result *r, const char *name,
                            const double *out, const double *ref, enum fl_bound_kind kind)
{
    struct fl_check *chk = &r->check[r->nchecks++];
    char at[64];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", name);
    fl_compare(out, ref, p->count, &chk->err);
    chk->bound = fl_bounds_for(kind, p->n, 0);
    chk->ok = chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
    if (chk->err.nonfinite)
        snprintf(chk->detail, sizeof chk->detail, "%zu of %zu outputs are NaN/Inf, first at row %zu "
                 "index %s", chk->err.nonfinite, p->count, chk->err.first_nonfinite / p->n,
                 fl_format_index(at, sizeof at, chk->err.first_nonfinite % p->n, p->dims, p->ndims));
    else if (!chk->ok)
        snprintf(chk->detail, sizeof chk->detail, "largest error at row %zu index %s",
                 chk->err.worst / p->n,
                 fl_format_index(at, sizeof at, chk->err.worst % p->n, p->dims, p->ndims));
    return chk;
}

static void show(const struct peer_problem *p, const struct fl_check *chk, const double *out,
                 const double *ref)
{
    fl_report_check(FL_FORMAT_CSV, chk); /* CSV mode: the line goes to stderr */
    if (!chk->ok)
        fl_print_mismatches_nd(stderr, out, ref, p->dims, p->ndims, p->batch, chk->bound.max, 5);
}

/* ---- real input: FFTW r2c / c2r references in double */

/* FFTW's int dims and the half-spectrum shape of P (last axis Nx/2+1). */
static void real_shapes(const struct peer_problem *p, int *n, size_t *hdims)
{
    for (int d = 0; d < p->ndims; d++) {
        n[d] = (int)p->dims[d];
        hdims[d] = p->dims[d];
    }
    hdims[p->ndims - 1] = p->dims[p->ndims - 1] / 2 + 1;
}

/* R2C of BATCH real arrays X (count reals) into the half spectra Y. */
static void ref_r2c(const struct peer_problem *p, const double *x, double *y)
{
    int n[FL_MAX_DIMS];
    size_t hd[FL_MAX_DIMS];
    real_shapes(p, n, hd);
    double *in = fftw_malloc(p->count * sizeof(double));
    fftw_complex *out = fftw_malloc(p->half * p->batch * sizeof(fftw_complex));
    if (!in || !out)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the FFTW reference");
    fftw_plan plan = fftw_plan_many_dft_r2c(p->ndims, n, (int)p->batch, in, NULL, 1, (int)p->n, out,
                                            NULL, 1, (int)p->half, FFTW_ESTIMATE);
    if (!plan)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the r2c reference");
    memcpy(in, x, p->count * sizeof(double));
    fftw_execute(plan);
    memcpy(y, out, p->half * p->batch * sizeof(fftw_complex));
    fftw_destroy_plan(plan);
    fftw_free(in);
    fftw_free(out);
}

/* C2R of BATCH half spectra X into real arrays Y (count reals); X is left as it was. */
static void ref_c2r(const struct peer_problem *p, const double *x, double *y)
{
    int n[FL_MAX_DIMS];
    size_t hd[FL_MAX_DIMS];
    real_shapes(p, n, hd);
    fftw_complex *in = fftw_malloc(p->half * p->batch * sizeof(fftw_complex));
    double *out = fftw_malloc(p->count * sizeof(double));
    if (!in || !out)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the FFTW reference");
    fftw_plan plan = fftw_plan_many_dft_c2r(p->ndims, n, (int)p->batch, in, NULL, 1, (int)p->half,
                                            out, NULL, 1, (int)p->n, FFTW_ESTIMATE);
    if (!plan)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the c2r reference");
    memcpy(in, x, p->half * p->batch * sizeof(fftw_complex)); /* c2r overwrites its input */
    fftw_execute(plan);
    memcpy(y, out, p->count * sizeof(double));
    fftw_destroy_plan(plan);
    fftw_free(in);
    fftw_free(out);
}

/* Reals as complex values with a zero imaginary part, so fl_compare can judge them. */
static void widen(const double *re, size_t count, double *z)
{
    for (size_t i = count; i-- > 0;) {
        z[2 * i] = re[i];
        z[2 * i + 1] = 0;
    }
}

static void judge_real(const struct peer_problem *p, struct fl_result *r, const char *name,
                       const double *out, const double *ref)
{
    struct fl_check *chk = &r->check[r->nchecks++];
    size_t hd[FL_MAX_DIMS], count;
    int n[FL_MAX_DIMS];
    real_shapes(p, n, hd);
    const size_t *dims = p->sign < 0 ? hd : p->dims;
    size_t per = p->sign < 0 ? p->half : p->n;
    count = per * p->batch;
    char at[64];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", name);
    fl_compare(out, ref, count, &chk->err);
    chk->bound = fl_bounds_for(FL_BOUND_FFT, p->n, 0);
    chk->ok = chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
    if (chk->err.nonfinite)
        snprintf(chk->detail, sizeof chk->detail, "%zu of %zu outputs are NaN/Inf, first at row %zu "
                 "index %s", chk->err.nonfinite, count, chk->err.first_nonfinite / per,
                 fl_format_index(at, sizeof at, chk->err.first_nonfinite % per, dims, p->ndims));
    else if (!chk->ok)
        snprintf(chk->detail, sizeof chk->detail, "largest error at row %zu index %s",
                 chk->err.worst / per, fl_format_index(at, sizeof at, chk->err.worst % per, dims, p->ndims));
    fl_report_check(FL_FORMAT_CSV, chk);
    if (!chk->ok)
        fl_print_mismatches_nd(stderr, out, ref, dims, p->ndims, p->batch, chk->bound.max, 5);
}

/* Three real signals (seeded random, an impulse at the grid point N_d/3 + 1, a cosine
 * tone at k_d = N_d/4 + 1), each R2C'd, or, for C2R, their half spectra C2R'd. */
static void peer_verify_real(const struct peer_problem *p, peer_run_fn run, void *ctx,
                             struct fl_result *r)
{
    size_t count = p->count, hcount = p->half * p->batch;
    size_t big = 2 * (count > hcount ? count : hcount); /* doubles: room for either side */
    double *sig = peer_xmalloc(big * sizeof(double), "test signal");
    double *in = peer_xmalloc(big * sizeof(double), "test input");
    double *ref = peer_xmalloc(big * sizeof(double), "reference");
    double *out = peer_xmalloc(big * sizeof(double), "output");
    for (int check = 0; check < 3; check++) {
        char name[32];
        size_t at[FL_MAX_DIMS], j = 0;
        if (check == 0) {
            fl_fill_random(sig, count / 2 + 1, p->o.seed); /* count reals from complex pairs */
            snprintf(name, sizeof name, "random");
        } else if (check == 1) {
            for (int d = 0; d < p->ndims; d++) {
                at[d] = p->dims[d] > 1 ? (p->dims[d] / 3 + 1) % p->dims[d] : 0;
                j = j * p->dims[d] + at[d];
            }
            memset(sig, 0, count * sizeof(double));
            for (size_t b = 0; b < p->batch; b++)
                sig[b * p->n + j] = 1;
            fl_check_name(name, sizeof name, "impulse", at, p->ndims);
        } else {
            for (int d = 0; d < p->ndims; d++)
                at[d] = p->dims[d] > 2 ? (p->dims[d] / 4 + 1) % p->dims[d] : p->dims[d] - 1;
            for (size_t i = 0; i < p->n; i++) {
                double phase = 0;
                size_t rest = i;
                for (int d = p->ndims - 1; d >= 0; d--) {
                    phase += (double)(rest % p->dims[d]) * (double)at[d] / (double)p->dims[d];
                    rest /= p->dims[d];
                }
                for (size_t b = 0; b < p->batch; b++)
                    sig[b * p->n + i] = cos(2 * acos(-1.0) * phase);
            }
            fl_check_name(name, sizeof name, "tone", at, p->ndims);
        }
        for (size_t i = 0; i < count; i++)
            sig[i] = (float)sig[i];
        if (p->sign < 0) {
            memcpy(in, sig, count * sizeof(double));
            ref_r2c(p, in, ref);
        } else {
            ref_r2c(p, sig, in);             /* the half spectrum of a real signal ... */
            for (size_t i = 0; i < 2 * hcount; i++)
                in[i] = (float)in[i];        /* ... as the library gets it */
            ref_c2r(p, in, ref);
            widen(ref, count, ref);
        }
        for (size_t i = 0; i < big; i++)
            out[i] = NAN;
        run(ctx, in, out);
        if (p->sign > 0)
            widen(out, count, out);
        judge_real(p, r, name, out, ref);
    }
    fl_conclude_checks(r);
    free(sig);
    free(in);
    free(ref);
    free(out);
}

void peer_verify(const struct peer_problem *p, peer_run_fn run, void *ctx, struct fl_result *r)
{
    if (p->real) {
        peer_verify_real(p, run, ctx, r);
        return;
    }
    size_t n = p->n, count = p->count;
    double *x = peer_xmalloc(count * 16, "test input");
    double *ref = peer_xmalloc(count * 16, "reference");
    double *out = peer_xmalloc(count * 16, "output");
    struct fl_check *chk;

    /* 1. the seeded random input, rounded to float as the library sees it */
    fl_fill_random(x, count, p->o.seed);
    fl_round_to_float(x, count);
    if (fl_reference_dft_nd(x, ref, p->dims, p->ndims, p->batch, p->sign) != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the reference (out of memory?)");
    run(ctx, x, out);
    chk = peer_judge(p, r, "random", out, ref, FL_BOUND_FFT);
    show(p, chk, out, ref);

    /* 2. an impulse at a point j of the grid, j_d = N_d/3 + 1 on every axis (as the
     * chapters'): a pure rotation (finds index and stride bugs) */
    {
        size_t at[FL_MAX_DIMS], j = 0;
        char name[32];
        for (int d = 0; d < p->ndims; d++) {
            at[d] = p->dims[d] > 1 ? (p->dims[d] / 3 + 1) % p->dims[d] : 0;
            j = j * p->dims[d] + at[d];
        }
        fl_check_name(name, sizeof name, "impulse", at, p->ndims);
        fl_fill_impulse(x, n, p->batch, j);
        fl_reference_dft_nd(x, ref, p->dims, p->ndims, p->batch, p->sign);
        run(ctx, x, out);
        chk = peer_judge(p, r, name, out, ref, FL_BOUND_FFT);
        show(p, chk, out, ref);
    }

    /* 3. a tone at grid point k: all energy must land there (a flipped sign puts it at N-k) */
    {
        size_t k[FL_MAX_DIMS];
        char name[32];
        for (int d = 0; d < p->ndims; d++)
            k[d] = p->dims[d] > 2 ? (p->dims[d] / 4 + 1) % p->dims[d] : p->dims[d] - 1;
        fl_check_name(name, sizeof name, "tone", k, p->ndims);
        fl_fill_tone_nd(x, p->dims, p->ndims, p->batch, k, p->sign);
        fl_round_to_float(x, count);
        fl_reference_dft_nd(x, ref, p->dims, p->ndims, p->batch, p->sign);
        run(ctx, x, out);
        chk = peer_judge(p, r, name, out, ref, FL_BOUND_FFT);
        fl_check_tone_peak_nd(chk, out, p->dims, p->ndims, p->batch, k);
        show(p, chk, out, ref);
    }

    fl_conclude_checks(r);
    free(x);
    free(ref);
    free(out);
}

/* ---------------------------------------------------------------- timing */

/* --flush-l2, the chapters' option (common/time_plan.c): before each timed call, after the
 * input is back in place, a buffer of twice the device's global memory cache (at least
 * 128 MiB) is written, so that the call starts with a cold cache; on the OpenCL queue for
 * an OpenCL peer (outside its events), on the host for a host library (outside its clock).
 * The loop measure is never flushed, as the chapters'. */
static struct {
    cl_mem buffer;       /* an OpenCL peer's */
    unsigned char *host; /* a host library's */
    size_t bytes;
} flush;

static void flush_setup(const struct peer_timer *t)
{
    if (t->queue) {
        cl_context context;
        cl_device_id device;
        cl_ulong cache = 0;
        CL_CHECK(clGetCommandQueueInfo(t->queue, CL_QUEUE_CONTEXT, sizeof context, &context, NULL));
        CL_CHECK(clGetCommandQueueInfo(t->queue, CL_QUEUE_DEVICE, sizeof device, &device, NULL));
        clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache, &cache, NULL);
        flush.bytes = 2 * (size_t)cache > ((size_t)128 << 20) ? 2 * (size_t)cache : (size_t)128 << 20;
        cl_int err;
        flush.buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, flush.bytes, NULL, &err);
        if (err != CL_SUCCESS)
            fl_die(FL_EXIT_OPENCL, "clCreateBuffer for the --flush-l2 buffer (%zu MiB): %s",
                   flush.bytes >> 20, fl_cl_error_name(err));
    } else {
        flush.bytes = (size_t)256 << 20; /* more than a CPU's last-level cache */
        flush.host = peer_xmalloc(flush.bytes, "the --flush-l2 buffer");
    }
}

static void flush_cache(const struct peer_timer *t)
{
    static const cl_uint pattern = 0;
    if (flush.buffer)
        CL_CHECK(clEnqueueFillBuffer(t->queue, flush.buffer, &pattern, sizeof pattern, 0, flush.bytes,
                                     0, NULL, NULL));
    else if (flush.host)
        memset(flush.host, (int)(flush.bytes & 0x7f), flush.bytes);
}

/* One call's time in ms, and in *LAUNCHES what it enqueued (0 for a host library). */
static double time_call(const struct peer_timer *t, void *ctx, int *launches)
{
    if (t->reset)
        t->reset(ctx);
    flush_cache(t);
    if (!t->queue) {
        double t0 = fl_wall_ms();
        t->call(ctx);
        *launches = 0;
        return fl_wall_ms() - t0;
    }
    double ms;
    peer_events_begin();
    t->call(ctx);
    CL_CHECK(clFinish(t->queue));
    *launches = peer_events_end(&ms);
    return ms;
}

/* K calls back to back, one wait at the end, on the host clock for every peer (as the
 * chapters' loop_ms); ms per call. */
static double time_loop(const struct peer_timer *t, void *ctx, int k)
{
    if (t->reset)
        t->reset(ctx);
    double t0 = fl_wall_ms();
    for (int i = 0; i < k; i++)
        t->call(ctx);
    if (t->queue)
        CL_CHECK(clFinish(t->queue));
    return (fl_wall_ms() - t0) / k;
}

void peer_time(const struct peer_problem *p, const struct peer_timer *t, void *ctx,
               double copy_gbs, struct fl_result *r)
{
    const struct fl_options *o = &p->o;
    int launches = 0;
    if (o->flush_l2)
        flush_setup(t);
    for (int i = 0; i < o->warmup; i++)
        time_call(t, ctx, &launches);
    int runs = o->repeat;
    double first = -1;
    if (runs < 0) {
        /* The chapters' rule: enough calls to fill ~0.2 s, at least 5, at most 1000 (3 when
         * one call takes over a second). The first timed call decides, and counts. */
        first = time_call(t, ctx, &launches);
        double want = 200.0 / (first > 1e-6 ? first : 1e-6);
        runs = want > 1000 ? 1000 : want < 5 ? (first > 1000 ? 3 : 5) : (int)ceil(want);
    }
    double *ms = peer_xmalloc((size_t)runs * sizeof *ms, "timings");
    int done = 0;
    if (first >= 0)
        ms[done++] = first;
    while (done < runs)
        ms[done++] = time_call(t, ctx, &launches);
    r->ms = fl_stats_of(ms, runs);
    free(ms);
    r->warmup = o->warmup;
    r->timing = t->queue ? (o->flush_l2 ? "events-interposed-cold" : "events-interposed")
                         : (o->flush_l2 ? "wall-cold" : "wall");
    r->launches = launches;
    r->loop_ms = time_loop(t, ctx, runs);
    if (flush.buffer)
        clReleaseMemObject(flush.buffer);
    free(flush.host);
    flush.buffer = NULL;
    flush.host = NULL;

    double secs = r->ms.median * 1e-3;
    double flops = (p->real ? 2.5 : 5.0) * (double)p->n * (p->n > 1 ? log2((double)p->n) : 0.0) *
                   (double)p->batch;
    double bytes = p->real ? (double)p->count * 4.0 + (double)(p->half * p->batch) * 8.0
                           : 2.0 * (double)p->count * 8.0;
    r->gflops = secs > 0 ? flops / secs / 1e9 : 0;
    r->gbs = secs > 0 ? bytes / secs / 1e9 : 0;
    r->copy_gbs = copy_gbs;
    r->pct_copy = copy_gbs > 0 ? 100.0 * r->gbs / copy_gbs : 0;
    r->timed = 1;
}

void peer_result_init(struct fl_result *r, const struct peer_problem *p, const char *name,
                      const char *variant, const struct fl_device *dev)
{
    memset(r, 0, sizeof *r);
    r->chapter = name;
    r->variant = variant;
    r->real = p->real; /* the row's direction says r2c or c2r, as the real-input chapter's */
    r->dev = dev;
    r->n = p->n;
    r->batch = p->batch;
    r->ndims = p->ndims;
    for (int d = 0; d < p->ndims; d++)
        r->dims[d] = p->dims[d];
    r->sign = p->sign;
    r->precision = FL_SINGLE;
    r->seed = p->o.seed;
    r->passed = 1;
    r->verified = p->o.verify;
}

double peer_transfer_ms(cl_command_queue queue, cl_mem buf, void *staging, size_t bytes,
                        int to_device)
{
    cl_event ev;
    if (to_device)
        CL_CHECK(clEnqueueWriteBuffer(queue, buf, CL_FALSE, 0, bytes, staging, 0, NULL, &ev));
    else
        CL_CHECK(clEnqueueReadBuffer(queue, buf, CL_FALSE, 0, bytes, staging, 0, NULL, &ev));
    CL_CHECK(clWaitForEvents(1, &ev));
    double ms = fl_event_span_ms(ev, ev);
    clReleaseEvent(ev);
    return ms;
}
