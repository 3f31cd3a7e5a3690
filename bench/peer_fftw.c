/* peer_fftw — FFTW single precision (fftwf) with threads, as a peer of the chapters.
 *
 *   ./build/peer_fftw --size 1024 --batch 1024          # one CSV row, PASS/FAIL on stderr
 *   ./build/peer_fftw --size 2^20 --effort patient      # planning effort: estimate|measure|patient
 *   ./build/peer_fftw --threads 1                       # default: one thread per online CPU
 *
 * Batched complex-to-complex, 1D, 2D or 3D (--size 512x512), out of place,
 * fftwf_plan_many_dft with one thread per online
 * CPU. Verified against FFTW in double precision (bench/peer.c), then each fftwf_execute
 * is timed on the host clock: the one peer without profiling events, so its CSV row says
 * "wall" in the timing column. The copy bandwidth column is a single-threaded host memcpy
 * (2^25 x 8 bytes, median of 7; GB/s counts read + write), not the OpenCL copy kernel the
 * chapters use; h2d_ms and d2h_ms are 0: there is no device to transfer to.
 *
 * --conv unfused (chapter 11's measure on pocl; bench/peer_conv.h): a circular
 * convolution with a filter of --filter-size K taps per axis, the three steps timed
 * together: the forward plan (x -> X), X *= H on the host (one thread; the spectrum holds
 * the 1/N), the backward plan (X -> y), out of place. */
#define _POSIX_C_SOURCE 200809L
#include "peer_conv.h"

#include "../common/timing.h"

#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned planner_effort = FFTW_MEASURE;
static const char *effort_name = "measure";

static int threads_wanted; /* --threads, 0 = one per online CPU */

static int take_option(const char *name, const char *value)
{
    if (peer_conv_option(name, value))
        return 1;
    if (strcmp(name, "--threads") == 0) {
        char err[256];
        size_t t;
        if (!value || fl_parse_count(value, "--threads", &t, err, sizeof err) != 0 || t > 1024)
            fl_die(FL_EXIT_USAGE, "--threads must be a count from 1 to 1024, got '%s'", value ? value : "");
        threads_wanted = (int)t;
        return 1;
    }
    if (strcmp(name, "--effort") != 0)
        return 0;
    if (!value)
        fl_die(FL_EXIT_USAGE, "--effort needs a value: estimate, measure or patient");
    if (strcmp(value, "estimate") == 0)
        planner_effort = FFTW_ESTIMATE;
    else if (strcmp(value, "measure") == 0)
        planner_effort = FFTW_MEASURE;
    else if (strcmp(value, "patient") == 0)
        planner_effort = FFTW_PATIENT;
    else
        fl_die(FL_EXIT_USAGE, "--effort must be estimate, measure or patient, got '%s'", value);
    effort_name = value;
    return 1;
}

struct fftw_ctx {
    size_t in_floats, out_floats; /* C2C: 2 x count each; --real: count reals, 2 x half x batch */
    float *in, *out;
    float *saved;                 /* C2R: the timed input (c2r overwrites its input) */
    fftwf_plan plan;
    /* --conv: in -> out forward, out *= spectrum, out -> conv_y backward */
    int conv;
    size_t n, batch;
    fftwf_plan inverse;
    float *spectrum, *conv_y;
};

static void conv_product(struct fftw_ctx *c)
{
    for (size_t b = 0; b < c->batch; b++) {
        float *v = c->out + 2 * b * c->n;
        for (size_t i = 0; i < c->n; i++) {
            float re = v[2 * i], im = v[2 * i + 1], hr = c->spectrum[2 * i], hi = c->spectrum[2 * i + 1];
            v[2 * i] = re * hr - im * hi;
            v[2 * i + 1] = re * hi + im * hr;
        }
    }
}

/* --conv: one convolution call, the three steps. */
static void conv_call(struct fftw_ctx *c)
{
    fftwf_execute(c->plan);
    conv_product(c);
    fftwf_execute(c->inverse);
}

static void run_once(void *vctx, const double *x, double *y)
{
    struct fftw_ctx *c = vctx;
    for (size_t i = 0; i < c->in_floats; i++)
        c->in[i] = (float)x[i];
    /* NaN first: an element FFTW did not write fails the check. */
    for (size_t i = 0; i < c->out_floats; i++)
        c->out[i] = __builtin_nanf("");
    if (c->conv) {
        for (size_t i = 0; i < c->out_floats; i++)
            c->conv_y[i] = __builtin_nanf("");
        conv_call(c);
        for (size_t i = 0; i < c->out_floats; i++)
            y[i] = c->conv_y[i];
        return;
    }
    fftwf_execute(c->plan);
    for (size_t i = 0; i < c->out_floats; i++)
        y[i] = c->out[i];
}

/* C2R destroys its input: put it back before each timed call (outside the timing). */
static void restore_input(void *vctx)
{
    struct fftw_ctx *c = vctx;
    memcpy(c->in, c->saved, c->in_floats * sizeof(float));
}

/* One timed call: FFTW runs on the host, so peer_time takes the host clock around it. */
static void call(void *vctx)
{
    struct fftw_ctx *c = vctx;
    if (c->conv)
        conv_call(c);
    else
        fftwf_execute(c->plan);
}

/* The host's copy bandwidth: one thread's memcpy of 2^25 x 8 bytes, median of 7 after one
 * warm-up, counted as read + write like the chapters' copy kernel. */
static double host_copy_gbs(void)
{
    size_t bytes = ((size_t)1 << 25) * 8;
    char *a = malloc(bytes), *b = malloc(bytes);
    if (!a || !b) {
        free(a);
        free(b);
        return 0;
    }
    memset(a, 1, bytes);
    memset(b, 0, bytes);
    double ms[7];
    for (int r = -1; r < 7; r++) {
        double t0 = fl_wall_ms();
        memcpy(b, a, bytes);
        double t = fl_wall_ms() - t0;
        if (r >= 0)
            ms[r] = t;
        a[r & 7] ^= b[bytes - 1]; /* keep the copies from being optimized away */
    }
    free(a);
    free(b);
    struct fl_stats s = fl_stats_of(ms, 7);
    return s.median > 0 ? 2.0 * (double)bytes / (s.median * 1e-3) / 1e9 : 0;
}

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "host CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *v = strchr(line, ':');
        if (!v)
            break;
        v++;
        while (*v == ' ' || *v == '\t')
            v++;
        size_t l = strcspn(v, "\n");
        if (l > 0)
            snprintf(buf, len, "%.*s", (int)l, v);
        break;
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    struct peer_problem p;
    if (peer_parse(argc, argv,
                   "peer_fftw — FFTW single precision (fftwf) with one thread per online CPU, batched\n"
                   "C2C out of place (fftwf_plan_many_dft), verified against FFTW double, timed\n"
                   "with CLOCK_MONOTONIC around each fftwf_execute. Default 1024 x batch 1024.\n"
                   "  --effort E          FFTW planner: estimate, measure (default) or patient\n"
                   "  --threads T         FFTW threads (default: one per online CPU)\n"
                   "  --conv unfused      a circular convolution instead (chapter 11): forward,\n"
                   "                      product on the host, inverse\n"
                   "  --filter-size K     --conv: the filter's taps per axis (default 64)",
                   take_option, &p))
        return FL_EXIT_OK;
    if (p.o.list_devices)
        fl_die(FL_EXIT_USAGE, "peer_fftw runs on the host CPU: it has no OpenCL devices to list");

    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = threads_wanted ? threads_wanted : cpus > 0 ? (int)cpus : 1;
    if (!fftwf_init_threads())
        fl_die(FL_EXIT_OPENCL, "fftwf_init_threads failed");
    fftwf_plan_with_nthreads(threads);

    /* A stand-in device, so the row's device and driver columns say what ran. */
    struct fl_device dev;
    memset(&dev, 0, sizeof dev);
    cpu_model(dev.name, sizeof dev.name);
    snprintf(dev.driver, sizeof dev.driver, "%s", fftwf_version);
    snprintf(dev.platform_name, sizeof dev.platform_name, "FFTW (host)");
    char variant[32];
    snprintf(variant, sizeof variant, "threads=%d", threads);
    fprintf(stderr, "fftw on %s | %s | %d threads | planner %s\n", dev.name, dev.driver, threads,
            effort_name);

    struct fftw_ctx c;
    memset(&c, 0, sizeof c);
    size_t complex_floats = 2 * p.half * p.batch;
    c.in_floats = !p.real ? 2 * p.count : p.sign < 0 ? p.count : complex_floats;
    c.out_floats = !p.real ? 2 * p.count : p.sign < 0 ? complex_floats : p.count;
    c.in = fftwf_malloc(c.in_floats * sizeof(float));
    c.out = fftwf_malloc(c.out_floats * sizeof(float));
    c.saved = peer_xmalloc(c.in_floats * sizeof(float), "saved input");
    if (!c.in || !c.out)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating %zu + %zu MiB", (c.in_floats * 4) >> 20,
               (c.out_floats * 4) >> 20);
    /* FFTW's shape is row-major like --size: dims[0] outermost */
    int shape[FL_MAX_DIMS], n = (int)p.n, half = (int)p.half, batch = (int)p.batch;
    for (int d = 0; d < p.ndims; d++)
        shape[d] = (int)p.dims[d];
    /* FFTW_MEASURE and PATIENT overwrite the arrays while planning: plan before any data. */
    double t0 = fl_wall_ms();
    if (!p.real)
        c.plan = fftwf_plan_many_dft(p.ndims, shape, batch, (fftwf_complex *)c.in, NULL, 1, n,
                                     (fftwf_complex *)c.out, NULL, 1, n,
                                     p.sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD, planner_effort);
    else if (p.sign < 0)
        c.plan = fftwf_plan_many_dft_r2c(p.ndims, shape, batch, c.in, NULL, 1, n,
                                         (fftwf_complex *)c.out, NULL, 1, half, planner_effort);
    else
        c.plan = fftwf_plan_many_dft_c2r(p.ndims, shape, batch, (fftwf_complex *)c.in, NULL, 1, half,
                                         c.out, NULL, 1, n, planner_effort);
    struct peer_conv conv;
    memset(&conv, 0, sizeof conv);
    if (peer_conv_kind() == PEER_CONV_FUSED)
        fl_die(FL_EXIT_USAGE, "--conv fused: FFTW has no convolution of its own; --conv unfused is "
               "its three steps");
    if (peer_conv_kind() != PEER_CONV_NONE) {
        if (p.real || p.sign > 0)
            fl_die(FL_EXIT_USAGE, "--conv is a complex convolution (forward, product, inverse): "
                   "it takes neither --real nor --inverse");
        c.conv = 1;
        c.n = p.n;
        c.batch = p.batch;
        c.conv_y = fftwf_malloc(c.out_floats * sizeof(float));
        c.spectrum = peer_xmalloc(p.n * 8, "filter spectrum");
        if (!c.conv_y)
            fl_die(FL_EXIT_OPENCL, "out of host memory allocating %zu MiB", (c.out_floats * 4) >> 20);
        c.inverse = fftwf_plan_many_dft(p.ndims, shape, batch, (fftwf_complex *)c.out, NULL, 1, n,
                                        (fftwf_complex *)c.conv_y, NULL, 1, n, FFTW_BACKWARD,
                                        planner_effort);
        if (!c.inverse)
            fl_die(FL_EXIT_OPENCL, "fftwf_plan_many_dft (backward) failed for N=%zu batch=%zu", p.n, p.batch);
        peer_conv_init(&p, &conv);
        peer_conv_spectrum_float(&p, &conv, c.spectrum);
    }
    double plan_ms = fl_wall_ms() - t0;
    if (!c.plan)
        fl_die(FL_EXIT_OPENCL, "fftwf_plan_many_dft%s failed for N=%zu batch=%zu",
               !p.real ? "" : p.sign < 0 ? "_r2c" : "_c2r", p.n, p.batch);
    fprintf(stderr, "plan     %.1f ms (FFTW_%s, %d threads)\n", plan_ms,
            planner_effort == FFTW_ESTIMATE ? "ESTIMATE" : planner_effort == FFTW_PATIENT ? "PATIENT" : "MEASURE",
            threads);

    struct fl_result r;
    char conv_variant[48];
    peer_result_init(&r, &p, "fftw", c.conv ? peer_conv_variant(conv_variant, sizeof conv_variant, variant)
                                            : variant, &dev);

    if (p.o.verify && c.conv)
        peer_conv_verify(&p, &conv, run_once, &c, &r);
    else if (p.o.verify)
        peer_verify(&p, run_once, &c, &r);

    if (p.o.repeat != 0 && r.passed) {
        /* The timed data: the seeded random input, as the chapters time. */
        double *x = peer_xmalloc(c.in_floats * 8 + 16, "input");
        fl_fill_random(x, c.in_floats / 2 + 1, p.o.seed);
        for (size_t i = 0; i < c.in_floats; i++)
            c.saved[i] = (float)x[i];
        free(x);
        restore_input(&c);
        struct peer_timer timer = {p.real && p.sign > 0 ? restore_input : NULL, call, NULL};
        peer_time(&p, &timer, &c, host_copy_gbs(), &r);
        if (c.conv)
            peer_conv_rates(&p, &r);
        r.h2d_ms = r.d2h_ms = 0; /* no device: nothing is transferred */
    }

    fl_report_result(FL_FORMAT_CSV, &r);

    fftwf_destroy_plan(c.plan);
    if (c.conv) {
        fftwf_destroy_plan(c.inverse);
        fftwf_free(c.conv_y);
        free(c.spectrum);
        peer_conv_free(&conv);
    }
    fftwf_free(c.in);
    fftwf_free(c.out);
    free(c.saved);
    fftwf_cleanup_threads();
    return r.passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
}
