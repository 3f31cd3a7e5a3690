/* peer_clfft — clFFT (AMD's OpenCL FFT library) on the chapters' OpenCL device, as a peer.
 *
 *   ./build/peer_clfft --size 1024 --batch 1024          # one CSV row, PASS/FAIL on stderr
 *   FFTLAB_DEVICE=cpu ./build/peer_clfft --size 2^20
 *
 * 1D, 2D or 3D (--size 512x512: row-major, the last axis contiguous), batched, single
 * precision, complex interleaved, out of place, unnormalized in both
 * directions (clFFT divides the backward transform by N unless told otherwise; FFTW does
 * not, and neither do the chapters). Device, queue and copy bandwidth come from common/
 * exactly as for a chapter, so this binary must live in build/ next to them (the copy
 * kernel is found at ../kernels relative to the executable).
 *
 * Timing is the chapters': clFFT enqueues kernels of its own choosing (transposes and
 * passes for large N) and hands back one event for the whole call, so
 * bench/peer_events.c catches every kernel it enqueues (it interposes
 * clEnqueueNDRangeKernel and clEnqueueCopyBuffer, whose calls from libclFFT.so reach this
 * executable first because it is linked with -rdynamic) and asks each for a profiling
 * event; a call's time is the first kernel's START to the last kernel's END. The CSV row
 * says "events-interposed" and how many kernels a call launched. */
#define _POSIX_C_SOURCE 200809L
#include "peer.h"

#include "../common/timing.h"

#include <clFFT.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *clfft_status_name(clfftStatus s)
{
    switch (s) {
    case CLFFT_BUGCHECK: return "CLFFT_BUGCHECK";
    case CLFFT_NOTIMPLEMENTED: return "CLFFT_NOTIMPLEMENTED";
    case CLFFT_TRANSPOSED_NOTIMPLEMENTED: return "CLFFT_TRANSPOSED_NOTIMPLEMENTED";
    case CLFFT_FILE_NOT_FOUND: return "CLFFT_FILE_NOT_FOUND";
    case CLFFT_FILE_CREATE_FAILURE: return "CLFFT_FILE_CREATE_FAILURE";
    case CLFFT_VERSION_MISMATCH: return "CLFFT_VERSION_MISMATCH";
    case CLFFT_INVALID_PLAN: return "CLFFT_INVALID_PLAN";
    case CLFFT_DEVICE_NO_DOUBLE: return "CLFFT_DEVICE_NO_DOUBLE";
    case CLFFT_DEVICE_MISMATCH: return "CLFFT_DEVICE_MISMATCH";
    default: return fl_cl_error_name((cl_int)s); /* the rest are OpenCL's codes */
    }
}

#define CLFFT_CHECK(call)                                                              \
    do {                                                                               \
        clfftStatus st_ = (call);                                                      \
        if (st_ != CLFFT_SUCCESS)                                                      \
            fl_die(FL_EXIT_OPENCL, "clFFT call %s returned %s (%d) at %s:%d", #call,     \
                   clfft_status_name(st_), (int)st_, __FILE__, __LINE__);               \
    } while (0)

/* clFFT 2.12 does lengths whose prime factors are all in {2, 3, 5, 7, 11, 13}. Returns
 * 1 and the first other prime factor in *BAD, or 0. */
static int unsupported_factor(size_t n, size_t *bad)
{
    static const size_t primes[] = {2, 3, 5, 7, 11, 13};
    for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++)
        while (n % primes[i] == 0)
            n /= primes[i];
    if (n == 1)
        return 0;
    for (size_t f = 17; f * f <= n; f += 2)
        if (n % f == 0) {
            *bad = f;
            return 1;
        }
    *bad = n;
    return 1;
}

struct clfft_ctx {
    struct fl_device *dev;
    size_t in_floats, out_floats; /* C2C: 2 x count each; --real: count reals, 2 x half x batch */
    cl_mem in, out;
    float *staging;
    clfftPlanHandle plan;
    clfftDirection dir;
};

static void enqueue(struct clfft_ctx *c)
{
    CLFFT_CHECK(clfftEnqueueTransform(c->plan, c->dir, 1, &c->dev->queue, 0, NULL, NULL, &c->in,
                                      &c->out, NULL));
}

static void run_once(void *vctx, const double *x, double *y)
{
    struct clfft_ctx *c = vctx;
    for (size_t i = 0; i < c->in_floats; i++)
        c->staging[i] = (float)x[i];
    CL_CHECK(clEnqueueWriteBuffer(c->dev->queue, c->in, CL_TRUE, 0, c->in_floats * 4, c->staging, 0,
                                  NULL, NULL));
    /* NaN first: an element clFFT never writes fails the check. */
    static const float nan1 = __builtin_nanf("");
    CL_CHECK(clEnqueueFillBuffer(c->dev->queue, c->out, &nan1, sizeof nan1, 0, c->out_floats * 4, 0,
                                 NULL, NULL));
    enqueue(c);
    CL_CHECK(clFinish(c->dev->queue));
    CL_CHECK(clEnqueueReadBuffer(c->dev->queue, c->out, CL_TRUE, 0, c->out_floats * 4, c->staging, 0,
                                 NULL, NULL));
    for (size_t i = 0; i < c->out_floats; i++)
        y[i] = c->staging[i];
}

/* One timed call (out of place: the input stays as it is, nothing to reset). */
static void call(void *vctx)
{
    enqueue(vctx);
}

int main(int argc, char **argv)
{
    struct peer_problem p;
    if (peer_parse(argc, argv,
                   "peer_clfft — clFFT 1D/2D/3D batched C2C, single precision, complex interleaved, out of\n"
                   "place, unnormalized, on the chapters' OpenCL device (--device / FFTLAB_DEVICE);\n"
                   "verified against FFTW double, timed like the chapters: profiling events of every\n"
                   "kernel clFFT enqueues (bench/peer_events.c), first START to last END.\n"
                   "Lengths: prime factors 2,3,5,7,11,13. --real: R2C (C2R with --inverse), out of\n"
                   "place, FFTW's r2c layout (rows of Nx reals, Nx/2+1 complex).\n"
                   "Default 1024 x batch 1024.",
                   NULL, &p))
        return FL_EXIT_OK;
    if (p.o.list_devices)
        return fl_list_devices(stdout) ? FL_EXIT_OK : FL_EXIT_OPENCL;

    size_t bad;
    for (int d = 0; d < p.ndims; d++)
        if (unsupported_factor(p.dims[d], &bad))
            fl_die(FL_EXIT_USAGE, "clFFT cannot do N = %zu: it has the prime factor %zu, and clFFT "
                   "does only lengths whose prime factors are 2, 3, 5, 7, 11 and 13 (peer_fftw does "
                   "any N)", p.dims[d], bad);

    struct fl_device dev;
    fl_device_open(p.o.device, &dev);
    size_t complex_floats = 2 * p.half * p.batch;
    size_t in_floats = !p.real ? 2 * p.count : p.sign < 0 ? p.count : complex_floats;
    size_t out_floats = !p.real ? 2 * p.count : p.sign < 0 ? complex_floats : p.count;
    size_t bytes = (in_floats > out_floats ? in_floats : out_floats) * 4;
    if (bytes > dev.max_alloc || 2 * bytes > dev.global_mem)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs 2 buffers of %zu MiB: too large for %s "
               "(max allocation %llu MiB, global memory %llu MiB)", p.n, p.batch, bytes >> 20,
               dev.name, (unsigned long long)(dev.max_alloc >> 20),
               (unsigned long long)(dev.global_mem >> 20));

    clfftSetupData setup;
    CLFFT_CHECK(clfftInitSetupData(&setup));
    CLFFT_CHECK(clfftSetup(&setup));
    cl_uint vmaj = 0, vmin = 0, vpatch = 0;
    CLFFT_CHECK(clfftGetVersion(&vmaj, &vmin, &vpatch));
    fprintf(stderr, "clfft %u.%u.%u on %s | %s | driver %s | %s\n", vmaj, vmin, vpatch,
            dev.platform_name, dev.name, dev.driver, dev.clc_version);

    struct clfft_ctx c;
    memset(&c, 0, sizeof c);
    c.dev = &dev;
    c.in_floats = in_floats;
    c.out_floats = out_floats;
    c.dir = p.sign < 0 ? CLFFT_FORWARD : CLFFT_BACKWARD;
    c.staging = peer_xmalloc(bytes, "staging buffer");
    cl_int err;
    c.in = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate the input buffer (%zu MiB) on %s: %s", bytes >> 20,
               dev.name, fl_cl_error_name(err));
    c.out = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate the output buffer (%zu MiB) on %s: %s", bytes >> 20,
               dev.name, fl_cl_error_name(err));

    /* clFFT's lengths start with the contiguous axis, the last of --size's */
    size_t len[FL_MAX_DIMS];
    for (int d = 0; d < p.ndims; d++)
        len[d] = p.dims[p.ndims - 1 - d];
    const clfftDim dim = p.ndims == 1 ? CLFFT_1D : p.ndims == 2 ? CLFFT_2D : CLFFT_3D;
    double t0 = fl_wall_ms();
    clfftStatus st = clfftCreateDefaultPlan(&c.plan, dev.context, dim, len);
    if (st == CLFFT_SUCCESS) st = clfftSetPlanPrecision(c.plan, CLFFT_SINGLE);
    if (!p.real) {
        if (st == CLFFT_SUCCESS) st = clfftSetLayout(c.plan, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
        if (st == CLFFT_SUCCESS) st = clfftSetPlanDistance(c.plan, p.n, p.n);
    } else {
        /* real rows of Nx, half-spectrum rows of Nx/2+1, packed (FFTW's r2c layout): the
         * strides and distances, in elements of each side's own type */
        size_t rs[FL_MAX_DIMS], hs[FL_MAX_DIMS];
        rs[0] = hs[0] = 1;
        for (int d = 1; d < p.ndims; d++) {
            rs[d] = rs[d - 1] * len[d - 1];
            hs[d] = hs[d - 1] * (d == 1 ? len[0] / 2 + 1 : len[d - 1]);
        }
        int fwd = p.sign < 0;
        if (st == CLFFT_SUCCESS) st = clfftSetLayout(c.plan, fwd ? CLFFT_REAL : CLFFT_HERMITIAN_INTERLEAVED,
                                                     fwd ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_REAL);
        if (st == CLFFT_SUCCESS) st = clfftSetPlanInStride(c.plan, dim, fwd ? rs : hs);
        if (st == CLFFT_SUCCESS) st = clfftSetPlanOutStride(c.plan, dim, fwd ? hs : rs);
        if (st == CLFFT_SUCCESS) st = clfftSetPlanDistance(c.plan, fwd ? p.n : p.half, fwd ? p.half : p.n);
    }
    if (st == CLFFT_SUCCESS) st = clfftSetResultLocation(c.plan, CLFFT_OUTOFPLACE);
    if (st == CLFFT_SUCCESS) st = clfftSetPlanBatchSize(c.plan, p.batch);
    if (st == CLFFT_SUCCESS) st = clfftSetPlanScale(c.plan, CLFFT_FORWARD, 1.0f);
    if (st == CLFFT_SUCCESS) st = clfftSetPlanScale(c.plan, CLFFT_BACKWARD, 1.0f);
    if (st != CLFFT_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "clFFT could not make a plan for N = %zu x batch %zu: %s (%d)", p.n,
               p.batch, clfft_status_name(st), (int)st);
    st = clfftBakePlan(c.plan, 1, &dev.queue, NULL, NULL);
    if (st != CLFFT_SUCCESS)
        fl_die(st == CLFFT_NOTIMPLEMENTED ? FL_EXIT_USAGE : FL_EXIT_OPENCL,
               "clFFT could not bake a plan for N = %zu x batch %zu on %s: %s (%d)%s", p.n, p.batch,
               dev.name, clfft_status_name(st), (int)st,
               st == CLFFT_NOTIMPLEMENTED ? " — a size clFFT does not do" : "");
    fprintf(stderr, "plan     %.1f ms (create + bake: clFFT generates and builds its kernels)\n",
            fl_wall_ms() - t0);

    struct fl_result r;
    peer_result_init(&r, &p, "clfft", "default", &dev);

    if (p.o.verify)
        peer_verify(&p, run_once, &c, &r);

    if (p.o.repeat != 0 && r.passed) {
        double *x = peer_xmalloc(bytes * 2 + 16, "input");
        double *y = peer_xmalloc(bytes * 2 + 16, "output");
        fl_fill_random(x, in_floats / 2 + 1, p.o.seed);
        run_once(&c, x, y); /* leaves the random input in c.in */
        free(x);
        free(y);
        size_t used;
        double copy = fl_copy_bandwidth(&dev, "-cl-std=CL1.2 -D real_t=float -D real2_t=float2", 8, &used);
        struct peer_timer timer = {NULL, call, dev.queue};
        peer_time(&p, &timer, &c, copy, &r);
        r.h2d_ms = peer_transfer_ms(c.dev->queue, c.in, c.staging, c.in_floats * 4, 1);
        r.d2h_ms = peer_transfer_ms(c.dev->queue, c.out, c.staging, c.out_floats * 4, 0);
    }

    fl_report_result(FL_FORMAT_CSV, &r);

    clfftDestroyPlan(&c.plan);
    clfftTeardown();
    clReleaseMemObject(c.in);
    clReleaseMemObject(c.out);
    free(c.staging);
    fl_device_close(&dev);
    return r.passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
}
