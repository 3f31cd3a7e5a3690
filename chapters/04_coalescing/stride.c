/* 04_stride — the access-pattern experiment: read the same data at stride 1, 2, 4, ...
 *
 * What it shows: how much of the memory bandwidth survives when neighbouring work-items
 * read addresses s elements apart (kernels/04_stride.cl). Same bytes for every stride;
 * only the order changes. The picture that makes chapter 04's reordering obvious.
 *
 * Build and run:
 *   make 04_stride
 *   ./build/04_stride                          # table on the default device
 *   ./build/04_stride --format csv > s.csv     # tools/bench/plot-stride.sh --plot s.csv
 *   make stride-plot                           # both, into results/stride/
 * Options: --device, --size N (elements, default 2^24), --repeat R, --format text|csv. */
#include "../../common/clerr.h"
#include "../../common/device.h"
#include "../../common/fill.h"
#include "../../common/options.h"
#include "../../common/program.h"
#include "../../common/timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STRIDE 4096

int main(int argc, char **argv)
{
    struct fl_options o;
    char err[512];
    fl_options_defaults(&o);
    if (fl_parse_options(argc, argv, &o, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    if (o.help) {
        printf("usage: %s [--device SPEC] [--size N] [--repeat R] [--format text|csv]\n"
               "Reads N complex floats (default 2^24) at strides 1, 2, 4, ..., %d and prints\n"
               "the bandwidth of each (one read + one write per element).\n", argv[0], MAX_STRIDE);
        return FL_EXIT_OK;
    }
    if (o.list_devices)
        return fl_list_devices(stdout) ? FL_EXIT_OK : FL_EXIT_OPENCL;
    size_t n = o.ndims ? o.dims[0] : (size_t)1 << 24;
    if (o.ndims > 1 || (n & (n - 1)) || n < MAX_STRIDE || n > ((size_t)1 << 28))
        fl_die(FL_EXIT_USAGE, "--size must be a power of two from %d to 2^28 (got %zu)", MAX_STRIDE, n);
    int repeat = o.repeat > 0 ? o.repeat : 20;
    if (o.format != FL_FORMAT_TEXT)
        fl_set_status_stream_stderr(1);

    struct fl_device dev;
    fl_device_open(o.device, &dev);
    size_t bytes = n * 8;
    if (2 * bytes > dev.global_mem || bytes > dev.max_alloc)
        fl_die(FL_EXIT_USAGE, "--size %zu needs 2 x %zu MiB, too much for %s", n, bytes >> 20, dev.name);

    char dir[4096], file[4200];
    fl_default_kernels_dir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/04_stride.cl", dir);
    cl_program prog = fl_build_program(&dev, file, NULL, "-cl-std=CL1.2 -D real_t=float -D real2_t=float2");
    cl_int e;
    cl_kernel k = clCreateKernel(prog, "read_strided", &e);
    CL_CHECK_ERR(e, "clCreateKernel(read_strided)");
    cl_mem x = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    CL_CHECK_ERR(e, "clCreateBuffer(x)");
    cl_mem y = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    CL_CHECK_ERR(e, "clCreateBuffer(y)");
    const unsigned char zero = 0;
    cl_uint align_bits = 0;
    CL_CHECK(clGetDeviceInfo(dev.id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, NULL));
    struct fl_fill_limits lim = fl_fill_limits_for(align_bits >= 8 ? align_bits / 8 : 1);
    fl_fill_range(dev.queue, x, &zero, 1, 0, bytes, &lim, "x"); /* 2^28 values: 2^31 bytes */
    CL_CHECK(clSetKernelArg(k, 0, sizeof x, &x));
    CL_CHECK(clSetKernelArg(k, 1, sizeof y, &y));

    if (o.format == FL_FORMAT_TEXT) {
        printf("04_stride on %s (%s, driver %s): %zu complex floats, median of %d runs\n",
               dev.name, dev.platform_name, dev.driver, n, repeat);
        printf("GB/s counts one 8-byte read and one 8-byte write per element\n\n");
        printf("%8s %12s %10s %12s\n", "stride", "ms", "GB/s", "% of s=1");
    } else {
        printf("device,driver,n,stride,ms,gbs,pct_of_stride1\n");
    }
    double base = 0;
    double *ms = malloc((size_t)repeat * sizeof *ms);
    if (!ms)
        fl_die(FL_EXIT_OPENCL, "out of host memory");
    for (cl_int s = 1; s <= MAX_STRIDE; s *= 2) {
        CL_CHECK(clSetKernelArg(k, 2, sizeof s, &s));
        for (int r = -2; r < repeat; r++) { /* two warm-up runs */
            cl_event ev;
            CL_CHECK(clEnqueueNDRangeKernel(dev.queue, k, 1, NULL, &n, NULL, 0, NULL, &ev));
            CL_CHECK(clWaitForEvents(1, &ev));
            if (r >= 0)
                ms[r] = fl_event_span_ms(ev, ev);
            clReleaseEvent(ev);
        }
        struct fl_stats st = fl_stats_of(ms, repeat);
        double gbs = 2.0 * (double)bytes / (st.median * 1e-3) / 1e9;
        if (s == 1)
            base = gbs;
        if (o.format == FL_FORMAT_TEXT)
            printf("%8d %12.4f %10.1f %11.1f%%\n", (int)s, st.median, gbs, 100.0 * gbs / base);
        else
            printf("\"%s\",\"%s\",%zu,%d,%.6g,%.6g,%.4g\n", dev.name, dev.driver, n, (int)s,
                   st.median, gbs, 100.0 * gbs / base);
    }
    free(ms);
    clReleaseMemObject(x);
    clReleaseMemObject(y);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    fl_device_close(&dev);
    if (o.format == FL_FORMAT_TEXT)
        printf("PASS\n");
    else
        fprintf(stderr, "PASS\n");
    return FL_EXIT_OK;
}
