/* peer_vkfft — VkFFT (header-only, its OpenCL backend) on the chapters' OpenCL device, as a peer.
 *
 *   ./build/peer_vkfft --size 1024 --batch 1024          # one CSV row, PASS/FAIL on stderr
 *   FFTLAB_DEVICE=cpu ./build/peer_vkfft --size 2^20
 *
 * 1D, 2D or 3D (--size 512x512: row-major, the last axis contiguous), batched, single
 * precision, complex interleaved, IN PLACE (VkFFT's natural mode: one
 * buffer; it allocates a temporary buffer of its own when its four-step plan needs one),
 * unnormalized in both directions (configuration.normalize = 0: the inverse is not
 * divided by N, as in FFTW and the chapters). VkFFTAppend(app, -1, ...) is the forward
 * transform, exp(-2 pi i jk/N) like FFTW's FFTW_FORWARD; +1 the inverse, exp(+2 pi i jk/N)
 * (checked by peer_verify's tone test, which a flipped sign fails). Only the direction
 * asked for is planned (makeForwardPlanOnly / makeInversePlanOnly), which halves the
 * kernel compile time. Device, queue and copy bandwidth come from common/ exactly as for a
 * chapter, so this binary must live in build/ next to them (the copy kernel is found at
 * ../kernels relative to the executable).
 *
 * Timing is the chapters': VkFFT enqueues kernels of its own choosing (one to a few per
 * call), and bench/peer_events.c catches every one of them (it interposes
 * clEnqueueNDRangeKernel, which VkFFT's OpenCL backend calls for each kernel) and asks
 * each for a profiling event; a call's time is the first kernel's START to the last
 * kernel's END, on the chapters' profiling queue. The CSV row says "events-interposed"
 * and how many kernels a call launched. VkFFTAppend sets every kernel's arguments again
 * on each call; that host cost is outside the events, as the chapters' is, and shows in
 * the loop throughput (loop_ms) only if it starves the device.
 *
 * pocl: VkFFT 1.2.26 plans some sizes (2^18, for one) as one kernel with 4096-wide
 * work-groups, whose generated work-group code needs more than the default 8 MiB thread
 * stack (~17 MiB): it dies with SIGSEGV in pocl's worker thread, inside
 * _pocl_kernel_VkFFT_main_workgroup (docs/peers.md). pocl creates those threads
 * with the default attributes, whose stack size glibc takes from `ulimit -s` at process
 * start; so main() raises the default thread stack to 64 MiB (pthread_setattr_default_np,
 * address space only, committed as touched) before OpenCL is loaded. tools/bench/bench.sh also
 * runs the peers under `ulimit -s 65536`, for runtimes that create threads otherwise.
 *
 * --conv unfused|fused (chapter 11's measure; bench/peer_conv.h): a circular convolution
 * with a filter of --filter-size K taps per axis, its spectrum / N made once before the
 * checks. unfused: VkFFTAppend forward, a product kernel of this file (x *= H, one
 * work-item a value), VkFFTAppend inverse, in place. fused: VkFFT's convolution mode
 * (performConvolution, an OpenCL feature of the Debian 1.2.26 header too): the spectrum
 * is made by an application with kernelConvolution from the filter / N, in VkFFT's own
 * order, and the convolution application multiplies by it inside its last forward axis'
 * kernel, inverse of that axis in the same kernel. Every kernel of a call, the product
 * kernel included, is timed by the interposed events. */
#define _GNU_SOURCE /* pthread_getattr_default_np / pthread_setattr_default_np (glibc) */
#include "peer_conv.h"

#include "../common/timing.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* VKFFT_BACKEND 3 is OpenCL: the header then needs <CL/cl.h> (already included through
 * peer.h with CL_TARGET_OPENCL_VERSION 120) and libOpenCL, nothing else; it is plain C. */
#define VKFFT_BACKEND 3
#include <vkFFT.h>

static const char *vkfft_result_name(VkFFTResult r)
{
    switch (r) {
    case VKFFT_SUCCESS: return "VKFFT_SUCCESS";
    case VKFFT_ERROR_MALLOC_FAILED: return "VKFFT_ERROR_MALLOC_FAILED";
    case VKFFT_ERROR_INSUFFICIENT_CODE_BUFFER: return "VKFFT_ERROR_INSUFFICIENT_CODE_BUFFER";
    case VKFFT_ERROR_INSUFFICIENT_TEMP_BUFFER: return "VKFFT_ERROR_INSUFFICIENT_TEMP_BUFFER";
    case VKFFT_ERROR_PLAN_NOT_INITIALIZED: return "VKFFT_ERROR_PLAN_NOT_INITIALIZED";
    case VKFFT_ERROR_INVALID_DEVICE: return "VKFFT_ERROR_INVALID_DEVICE";
    case VKFFT_ERROR_INVALID_CONTEXT: return "VKFFT_ERROR_INVALID_CONTEXT";
    case VKFFT_ERROR_EMPTY_bufferSize: return "VKFFT_ERROR_EMPTY_bufferSize";
    case VKFFT_ERROR_EMPTY_buffer: return "VKFFT_ERROR_EMPTY_buffer";
    case VKFFT_ERROR_UNSUPPORTED_RADIX: return "VKFFT_ERROR_UNSUPPORTED_RADIX";
    case VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH: return "VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH";
    case VKFFT_ERROR_FAILED_TO_ALLOCATE: return "VKFFT_ERROR_FAILED_TO_ALLOCATE";
    case VKFFT_ERROR_FAILED_TO_COPY: return "VKFFT_ERROR_FAILED_TO_COPY";
    case VKFFT_ERROR_FAILED_TO_CREATE_PROGRAM: return "VKFFT_ERROR_FAILED_TO_CREATE_PROGRAM";
    case VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM: return "VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM";
    case VKFFT_ERROR_FAILED_TO_GET_ATTRIBUTE: return "VKFFT_ERROR_FAILED_TO_GET_ATTRIBUTE";
    case VKFFT_ERROR_FAILED_TO_CREATE_PIPELINE: return "VKFFT_ERROR_FAILED_TO_CREATE_PIPELINE";
    case VKFFT_ERROR_FAILED_TO_SET_KERNEL_ARG: return "VKFFT_ERROR_FAILED_TO_SET_KERNEL_ARG";
    case VKFFT_ERROR_FAILED_TO_LAUNCH_KERNEL: return "VKFFT_ERROR_FAILED_TO_LAUNCH_KERNEL";
    case VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_QUEUE: return "VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_QUEUE";
    default: return "a VkFFTResult (see enum VkFFTResult in vkFFT.h)";
    }
}

struct vkfft_ctx {
    struct fl_device *dev;
    size_t count;             /* C2C: complex values; --real: 2 x half x batch floats hold
                                 the half spectra, or the real rows padded to Nx + 2     */
    int real;                 /* 0 C2C; -1 R2C; +1 C2R                                  */
    size_t nx, rows;          /* --real: the last axis, and the rows along it           */
    cl_mem buf;               /* in place: input and output */
    cl_mem src;               /* the timed runs' input, copied into buf before each call */
    uint64_t buf_bytes;       /* VkFFT takes the size by pointer */
    float *staging;
    VkFFTApplication app;
    VkFFTLaunchParams launch;
    int dir;                  /* VkFFTAppend's direction: -1 forward, +1 inverse */
    /* --conv */
    enum peer_conv_kind conv;
    cl_mem spectrum;          /* the filter's spectrum / N (VkFFT's order when fused)    */
    uint64_t spectrum_bytes;
    cl_kernel product;        /* unfused: x *= H                                        */
    size_t n, batch;
};

/* --conv unfused: the product of the three steps, one work-item a value, row b of the
 * batch in dimension 1 so that no work-item divides. The spectrum holds the 1/N. */
static const char product_source[] =
    "__kernel void conv_product(__global float2 *x, __global const float2 *h, uint n)\n"
    "{\n"
    "    size_t i = get_global_id(0), at = get_global_id(1) * n + i;\n"
    "    float2 v = x[at], s = h[i];\n"
    "    x[at] = (float2)(v.x * s.x - v.y * s.y, v.x * s.y + v.y * s.x);\n"
    "}\n";

static void enqueue_product(struct vkfft_ctx *c)
{
    size_t global[2] = {c->n, c->batch}, local[2] = {256, 1};
    CL_CHECK(clEnqueueNDRangeKernel(c->dev->queue, c->product, 2, NULL, global,
                                    c->n % 256 == 0 ? local : NULL, 0, NULL, NULL));
}

static void append(struct vkfft_ctx *c, VkFFTApplication *app, int dir, VkFFTLaunchParams *launch)
{
    VkFFTResult res = VkFFTAppend(app, dir, launch);
    if (res != VKFFT_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "VkFFTAppend returned %s (%d) on %s", vkfft_result_name(res), (int)res,
               c->dev->name);
}

static void enqueue(struct vkfft_ctx *c)
{
    if (c->conv == PEER_CONV_UNFUSED) {
        append(c, &c->app, -1, &c->launch);
        enqueue_product(c);
        append(c, &c->app, 1, &c->launch);
    } else
        append(c, &c->app, c->conv == PEER_CONV_FUSED ? -1 : c->dir, &c->launch);
}

/* --real: VkFFT's in-place R2C keeps each real row of Nx in the room of its Nx/2+1
 * complex values (Nx + 2 floats). TO_PADDED 1: packed reals X -> padded floats F; 0: back. */
static void repad(const struct vkfft_ctx *c, double *x, float *f, int to_padded)
{
    size_t w = 2 * (c->nx / 2 + 1);
    for (size_t r = 0; r < c->rows; r++)
        for (size_t i = 0; i < c->nx; i++) {
            if (to_padded)
                f[r * w + i] = (float)x[r * c->nx + i];
            else
                x[r * c->nx + i] = f[r * w + i];
        }
}

static void run_once(void *vctx, const double *x, double *y)
{
    struct vkfft_ctx *c = vctx;
    size_t bytes = c->count * 8;
    if (c->real < 0) {
        memset(c->staging, 0, bytes);
        repad(c, (double *)x, c->staging, 1);
    } else
        for (size_t i = 0; i < 2 * c->count; i++)
            c->staging[i] = (float)x[i];
    /* In place, so there is no output buffer to fill with NaN first (as peer_clfft does):
     * an element VkFFT never writes keeps its input value, which no check accepts. */
    CL_CHECK(clEnqueueWriteBuffer(c->dev->queue, c->buf, CL_TRUE, 0, bytes, c->staging, 0, NULL, NULL));
    enqueue(c);
    CL_CHECK(clFinish(c->dev->queue));
    CL_CHECK(clEnqueueReadBuffer(c->dev->queue, c->buf, CL_TRUE, 0, bytes, c->staging, 0, NULL, NULL));
    if (c->real > 0)
        repad(c, y, c->staging, 0);
    else
        for (size_t i = 0; i < 2 * c->count; i++)
            y[i] = c->staging[i];
}

/* In place, each call would transform the previous call's output: unnormalized, the
 * values grow by about sqrt(N) a call and reach Inf/NaN within a few dozen calls. So the
 * random input is copied back before every timed call, outside the timed region, the way
 * the chapters do it: a device-side copy from a buffer that keeps it (c->src), enqueued
 * right before the call, not waited for. (It was a blocking write from the host: the GPU
 * sat idle for the PCIe transfer before every call, and the events read 8-10 % above the
 * loop measure; the chapters' copy keeps the two within 1 %.) The loop throughput runs its
 * calls back to back on whatever the last one left, as the chapters' does: the kernels
 * cost the same on any values. */
static void reset_input(void *vctx)
{
    struct vkfft_ctx *c = vctx;
    CL_CHECK(clEnqueueCopyBuffer(c->dev->queue, c->src, c->buf, 0, 0, c->count * 8, 0, NULL, NULL));
}

static void call(void *vctx)
{
    enqueue(vctx);
}

/* initializeVkFFT with stdout pointing at stderr: when the device compiler rejects a
 * kernel, VkFFT printf()s the build log and the whole kernel source, which must not land
 * in the CSV on stdout. */
static VkFFTResult init_quietly(VkFFTApplication *app, VkFFTConfiguration *cfg)
{
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    if (saved >= 0)
        dup2(STDERR_FILENO, STDOUT_FILENO);
    VkFFTResult res = initializeVkFFT(app, *cfg);
    fflush(stdout);
    if (saved >= 0) {
        dup2(saved, STDOUT_FILENO);
        close(saved);
    }
    return res;
}

/* Threads created from now on with default attributes get at least WANT bytes of stack
 * (see the top: pocl's worker threads running VkFFT's 4096-wide work-groups). A larger
 * `ulimit -s` is left alone. */
static void raise_default_thread_stack(size_t want)
{
    pthread_attr_t a;
    size_t have = 0;
    if (pthread_getattr_default_np(&a) != 0)
        return;
    if (pthread_attr_getstacksize(&a, &have) == 0 && have < want &&
        pthread_attr_setstacksize(&a, want) == 0)
        pthread_setattr_default_np(&a);
    pthread_attr_destroy(&a);
}

/* --conv unfused: the spectrum / N in natural order (VkFFT's forward leaves its output
 * in natural order), and the product kernel built from product_source. */
static void make_product(struct vkfft_ctx *c, const struct peer_problem *p, const struct peer_conv *conv)
{
    float *h = peer_xmalloc(p->n * 8, "spectrum staging");
    peer_conv_spectrum_float(p, conv, h);
    CL_CHECK(clEnqueueWriteBuffer(c->dev->queue, c->spectrum, CL_TRUE, 0, p->n * 8, h, 0, NULL, NULL));
    free(h);
    cl_int err;
    const char *src = product_source;
    cl_program prog = clCreateProgramWithSource(c->dev->context, 1, &src, NULL, &err);
    CL_CHECK(err);
    if (clBuildProgram(prog, 1, &c->dev->id, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "the product kernel of peer_vkfft --conv did not build on %s", c->dev->name);
    c->product = clCreateKernel(prog, "conv_product", &err);
    CL_CHECK(err);
    clReleaseProgram(prog);
    cl_uint n = (cl_uint)p->n;
    CL_CHECK(clSetKernelArg(c->product, 0, sizeof(cl_mem), &c->buf));
    CL_CHECK(clSetKernelArg(c->product, 1, sizeof(cl_mem), &c->spectrum));
    CL_CHECK(clSetKernelArg(c->product, 2, sizeof n, &n));
}

/* --conv fused: VkFFT's convolution mode reads the filter's spectrum in the order its own
 * forward plan leaves it, so an application made like the convolution's, with
 * kernelConvolution set, transforms the filter in place, once. What 1.2.26 does, found by
 * the checks (bench/peer_conv.c) on pocl and the GPU:
 *   - it reads one spectrum per row: the flag that shares one across a batch came in a
 *     later version. With numberBatches = B, rows past the first came out wrong wherever
 *     the plan takes more than one kernel per axis (2-D, and 1-D from 2^20 on the H200);
 *     with the batch given as B coordinate features (coordinateFeatures, the "colours" of
 *     an image, each with its own filter) every row is right. So the filter is stored B
 *     times and a call reads B spectra where the three steps read one;
 *   - its inverse divides by the length of the axis it fuses (the outermost, VkFFT's
 *     last), not by N: the filter is scaled by the rest, dims[0] / N, so that the answer
 *     is FFTW's unnormalized convolution like every other row's. */
static void make_fused_spectrum(struct vkfft_ctx *c, const struct peer_problem *p,
                                const struct peer_conv *conv, const VkFFTConfiguration *cfg)
{
    size_t rows = p->batch;
    double scale = (double)p->dims[0] / (double)p->n;
    float *h = peer_xmalloc(p->n * 8 * rows, "filter staging");
    for (size_t r = 0; r < rows; r++)
        for (size_t i = 0; i < 2 * p->n; i++)
            h[r * 2 * p->n + i] = (float)(conv->h[i] * scale);
    CL_CHECK(clEnqueueWriteBuffer(c->dev->queue, c->spectrum, CL_TRUE, 0, p->n * 8 * rows, h, 0, NULL, NULL));
    free(h);
    VkFFTConfiguration k = *cfg;
    k.numberBatches = 1;
    k.coordinateFeatures = rows;
    k.kernelConvolution = 1;
    k.buffer = &c->spectrum;
    k.bufferSize = &c->spectrum_bytes;
    VkFFTApplication *app = calloc(1, sizeof *app);
    if (!app)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating VkFFT's filter application");
    VkFFTResult res = init_quietly(app, &k);
    if (res != VKFFT_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "VkFFT could not plan the filter's transform for its convolution "
               "mode on %s: initializeVkFFT returned %s (%d)", c->dev->name, vkfft_result_name(res), (int)res);
    VkFFTLaunchParams launch;
    memset(&launch, 0, sizeof launch);
    launch.commandQueue = &c->dev->queue;
    launch.buffer = &c->spectrum;
    append(c, app, -1, &launch);
    CL_CHECK(clFinish(c->dev->queue));
    deleteVkFFT(app);
    free(app);
}

int main(int argc, char **argv)
{
    raise_default_thread_stack((size_t)64 << 20); /* before any OpenCL call */
    struct peer_problem p;
    if (peer_parse(argc, argv,
                   "peer_vkfft — VkFFT (OpenCL backend) 1D/2D/3D batched C2C, single precision, complex\n"
                   "interleaved, in place, unnormalized, on the chapters' OpenCL device (--device /\n"
                   "FFTLAB_DEVICE); verified against FFTW double, timed like the chapters: profiling\n"
                   "events of every kernel VkFFTAppend enqueues (bench/peer_events.c), first START to\n"
                   "last END. Any length (Bluestein for large primes). --real: R2C (C2R with\n"
                   "--inverse), performR2C in place, each real row padded to Nx + 2 floats.\n"
                   "Threads get a 64 MiB stack (pocl runs VkFFT's 4096-wide work-groups on them).\n"
                   "Default 1024 x batch 1024.\n"
                   "  --conv unfused|fused  a circular convolution instead (chapter 11): forward,\n"
                   "                      product kernel, inverse; or VkFFT's convolution mode\n"
                   "  --filter-size K     --conv: the filter's taps per axis (default 64)",
                   peer_conv_option, &p))
        return FL_EXIT_OK;
    if (p.o.list_devices)
        return fl_list_devices(stdout) ? FL_EXIT_OK : FL_EXIT_OPENCL;

    struct fl_device dev;
    fl_device_open(p.o.device, &dev);
    size_t values = p.real ? p.half * p.batch : p.count, bytes = values * 8;
    if (bytes > dev.max_alloc || 3 * bytes > dev.global_mem)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs a buffer of %zu MiB and room for VkFFT's "
               "temporary buffer of the same size: too large for %s (max allocation %llu MiB, global "
               "memory %llu MiB)", p.n, p.batch, bytes >> 20, dev.name,
               (unsigned long long)(dev.max_alloc >> 20), (unsigned long long)(dev.global_mem >> 20));

    int v = VkFFTGetVersion();
    fprintf(stderr, "vkfft %d.%d.%d (OpenCL backend) on %s | %s | driver %s | %s\n", v / 10000,
            v / 100 % 100, v % 100, dev.platform_name, dev.name, dev.driver, dev.clc_version);

    /* The application is large (its plans live in it) and must start zeroed. */
    struct vkfft_ctx *c = calloc(1, sizeof *c);
    if (!c)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating the VkFFT application");
    c->dev = &dev;
    c->count = values;
    c->real = p.real ? p.sign : 0;
    c->nx = p.dims[p.ndims - 1];
    c->rows = p.count / c->nx;
    c->dir = p.sign;
    c->buf_bytes = bytes;
    c->staging = peer_xmalloc(bytes, "staging buffer");
    cl_int err;
    c->buf = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate the buffer (%zu MiB) on %s: %s", bytes >> 20, dev.name,
               fl_cl_error_name(err));
    struct peer_conv conv;
    memset(&conv, 0, sizeof conv);
    c->conv = peer_conv_kind();
    if (c->conv != PEER_CONV_NONE) {
        if (p.real || p.sign > 0)
            fl_die(FL_EXIT_USAGE, "--conv is a complex convolution (forward, product, inverse): "
                   "it takes neither --real nor --inverse");
        peer_conv_init(&p, &conv);
        c->n = p.n;
        c->batch = p.batch;
        /* fused: one spectrum per row, the batch as coordinate features
         * (make_fused_spectrum says why) */
        c->spectrum_bytes = p.n * 8 * (c->conv == PEER_CONV_FUSED ? p.batch : 1);
        c->spectrum = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, c->spectrum_bytes, NULL, &err);
        if (err != CL_SUCCESS)
            fl_die(FL_EXIT_OPENCL, "cannot allocate the filter's spectrum (%zu MiB) on %s: %s",
                   (p.n * 8) >> 20, dev.name, fl_cl_error_name(err));
    }

    VkFFTConfiguration cfg;
    memset(&cfg, 0, sizeof cfg);
    /* VkFFT's size[0] is the contiguous axis, the last of --size's */
    cfg.FFTdim = (uint64_t)p.ndims;
    for (int d = 0; d < p.ndims; d++)
        cfg.size[d] = p.dims[p.ndims - 1 - d];
    cfg.numberBatches = p.batch;
    cfg.device = &dev.id;
    cfg.context = &dev.context;
    cfg.platform = &dev.platform;
    cfg.buffer = &c->buf;
    cfg.bufferSize = &c->buf_bytes;
    cfg.normalize = 0;                      /* FFTW's convention: the inverse is not divided by N */
    cfg.performR2C = p.real ? 1 : 0;        /* in place: real rows padded to Nx + 2 floats */
    cfg.makeForwardPlanOnly = p.sign < 0 && c->conv == PEER_CONV_NONE;
    cfg.makeInversePlanOnly = p.sign > 0;
    if (c->conv == PEER_CONV_UNFUSED)
        make_product(c, &p, &conv);
    else if (c->conv == PEER_CONV_FUSED) {
        make_fused_spectrum(c, &p, &conv, &cfg);
        cfg.performConvolution = 1;
        cfg.numberBatches = 1;
        cfg.coordinateFeatures = p.batch; /* the batch; see make_fused_spectrum */
        cfg.kernel = &c->spectrum;
        cfg.kernelSize = &c->spectrum_bytes;
    }

    double t0 = fl_wall_ms();
    VkFFTResult res = init_quietly(&c->app, &cfg);
    if (res != VKFFT_SUCCESS)
        fl_die(res == VKFFT_ERROR_UNSUPPORTED_RADIX || res == VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH
                   ? FL_EXIT_USAGE : FL_EXIT_OPENCL,
               "VkFFT could not make a plan for N = %zu x batch %zu on %s: initializeVkFFT returned "
               "%s (%d)%s", p.n, p.batch, dev.name, vkfft_result_name(res), (int)res,
               res == VKFFT_ERROR_UNSUPPORTED_RADIX || res == VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH
                   ? " — a size VkFFT does not do" : "");
    fprintf(stderr, "plan     %.1f ms (initializeVkFFT: VkFFT generates and builds its kernels)\n",
            fl_wall_ms() - t0);
    c->launch.commandQueue = &dev.queue;
    c->launch.buffer = &c->buf;

    struct fl_result r;
    char variant[32];
    peer_result_init(&r, &p, "vkfft",
                     c->conv ? peer_conv_variant(variant, sizeof variant, NULL) : "default", &dev);

    if (p.o.verify && c->conv)
        peer_conv_verify(&p, &conv, run_once, c, &r);
    else if (p.o.verify)
        peer_verify(&p, run_once, c, &r);

    if (p.o.repeat != 0 && r.passed) {
        double *x = peer_xmalloc(values * 16, "input");
        fl_fill_random(x, values, p.o.seed);
        for (size_t i = 0; i < 2 * values; i++)
            c->staging[i] = (float)x[i];
        free(x);
        c->src = clCreateBuffer(dev.context, CL_MEM_READ_ONLY, bytes, NULL, &err);
        if (err != CL_SUCCESS)
            fl_die(FL_EXIT_OPENCL, "cannot allocate the input copy (%zu MiB) on %s: %s", bytes >> 20,
                   dev.name, fl_cl_error_name(err));
        CL_CHECK(clEnqueueWriteBuffer(dev.queue, c->src, CL_TRUE, 0, bytes, c->staging, 0, NULL, NULL));
        size_t used;
        double copy = fl_copy_bandwidth(&dev, "-cl-std=CL1.2 -D real_t=float -D real2_t=float2", 8, &used);
        struct peer_timer timer = {reset_input, call, dev.queue};
        peer_time(&p, &timer, c, copy, &r);
        if (c->conv)
            peer_conv_rates(&p, &r);
        r.h2d_ms = peer_transfer_ms(c->dev->queue, c->buf, c->staging, c->count * 8, 1);
        r.d2h_ms = peer_transfer_ms(c->dev->queue, c->buf, c->staging, c->count * 8, 0);
    }

    fl_report_result(FL_FORMAT_CSV, &r);

    deleteVkFFT(&c->app);
    if (c->product)
        clReleaseKernel(c->product);
    if (c->spectrum)
        clReleaseMemObject(c->spectrum);
    peer_conv_free(&conv);
    if (c->src)
        clReleaseMemObject(c->src);
    clReleaseMemObject(c->buf);
    free(c->staging);
    free(c);
    fl_device_close(&dev);
    return r.passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
}
