#define _POSIX_C_SOURCE 200809L
#include "timing.h"

#include "clerr.h"
#include "program.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct fl_stats fl_stats_of(double *v, int count)
{
    struct fl_stats s;
    memset(&s, 0, sizeof s); /* the padding too: the worker sends it whole (isolate.c) */
    s.count = count;
    if (count <= 0)
        return s;
    qsort(v, (size_t)count, sizeof *v, cmp_double);
    s.min = v[0];
    s.max = v[count - 1];
    s.median = count % 2 ? v[count / 2] : 0.5 * (v[count / 2 - 1] + v[count / 2]);
    /* quartiles by the nearest rank: v[floor((count - 1) / 4)], v[ceil(3 (count - 1) / 4)] */
    s.q1 = v[(count - 1) / 4];
    s.q3 = v[(3 * (count - 1) + 3) / 4];
    double mean = 0, var = 0;
    for (int i = 0; i < count; i++)
        mean += v[i] / count;
    for (int i = 0; i < count; i++)
        var += (v[i] - mean) * (v[i] - mean);
    s.stddev = count > 1 ? sqrt(var / (count - 1)) : 0;
    return s;
}

int fl_auto_runs(double t)
{
    double want = 200.0 / (t > 1e-6 ? t : 1e-6);
    return want > 1000 ? 1000 : want < 5 ? (t > 1000 ? 3 : 5) : (int)ceil(want);
}

double fl_wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

double fl_event_span_ms(cl_event first, cl_event last)
{
    cl_ulong t0, t1;
    CL_CHECK(clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL));
    CL_CHECK(clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL));
    return t1 > t0 ? (double)(t1 - t0) * 1e-6 : 0.0;
}

double fl_copy_bandwidth(const struct fl_device *dev, const char *build_options,
                         size_t elem_bytes, size_t *elements_used)
{
    /* A sweep (tools/bench/bench.sh) measures this once and hands it to each of its runs in
     * FFTLAB_COPY_GBS: every row then shares one measure, and a run skips the 2 x 256 MiB
     * it would otherwise fill and copy again (1.6 s of a small run on a 2-core pocl). */
    const char *given = getenv("FFTLAB_COPY_GBS");
    if (given && *given) {
        char *end;
        double g = strtod(given, &end);
        if (*end != '\0' || !(g > 0) || !isfinite(g))
            fl_die(FL_EXIT_USAGE, "FFTLAB_COPY_GBS='%s' must be a copy bandwidth in GB/s, a "
                   "positive number (tools/bench/bench.sh sets it; unset it to measure)", given);
        *elements_used = 0;
        return g;
    }
    size_t n = (size_t)1 << 25;
    /* Two buffers must fit comfortably: at most a quarter of global memory. */
    while (n > 1024 && (n * elem_bytes > dev->max_alloc || 4 * n * elem_bytes > dev->global_mem))
        n >>= 1;
    *elements_used = n;

    char dir[4096], file[4200];
    fl_default_kernels_dir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/copy_bandwidth.cl", dir);
    cl_program prog = fl_build_program(dev, file, NULL, build_options);
    cl_int err;
    cl_kernel k = clCreateKernel(prog, "copy", &err);
    CL_CHECK_ERR(err, "clCreateKernel(copy)");
    cl_mem src = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, n * elem_bytes, NULL, &err);
    CL_CHECK_ERR(err, "clCreateBuffer(copy source)");
    cl_mem dst = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, n * elem_bytes, NULL, &err);
    CL_CHECK_ERR(err, "clCreateBuffer(copy destination)");
    const unsigned char zero = 0;
    CL_CHECK(clEnqueueFillBuffer(dev->queue, src, &zero, 1, 0, n * elem_bytes, 0, NULL, NULL));
    CL_CHECK(clSetKernelArg(k, 0, sizeof src, &src));
    CL_CHECK(clSetKernelArg(k, 1, sizeof dst, &dst));

    enum { WARMUP = 2, RUNS = 7 };
    double ms[RUNS];
    for (int r = 0; r < WARMUP + RUNS; r++) {
        cl_event ev;
        CL_CHECK(clEnqueueNDRangeKernel(dev->queue, k, 1, NULL, &n, NULL, 0, NULL, &ev));
        CL_CHECK(clWaitForEvents(1, &ev));
        if (r >= WARMUP)
            ms[r - WARMUP] = fl_event_span_ms(ev, ev);
        clReleaseEvent(ev);
    }
    struct fl_stats s = fl_stats_of(ms, RUNS);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return s.median > 0 ? 2.0 * (double)(n * elem_bytes) / (s.median * 1e-3) / 1e9 : 0.0;
}
