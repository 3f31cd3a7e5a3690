/* copyprobe: how fast can this device copy? The chapters' "% of copy" divides by the
 * plain copy kernel (kernels/copy_bandwidth.cl: one float2 per work-item); this times
 * that kernel beside wider and longer ones on the same buffers, by profiling events
 * (median of REPS after 5 warm-up runs), to see whether the plain copy is the ceiling.
 * Build: cc -O2 -std=c11 -o copyprobe copyprobe.c -lOpenCL
 * Run:   ./copyprobe [MiB per buffer, default 128] [reps, default 200]
 * Platform: the first whose name contains $FFTLAB_DEVICE (default: the first GPU). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { \
    fprintf(stderr, "%s: error %d (line %d)\n", #x, e_, __LINE__); exit(3); } } while (0)

static const char *src =
    "__kernel void copy2(__global const float2 *x, __global float2 *y)\n"
    "{ size_t i = get_global_id(0); y[i] = x[i]; }\n"
    "__kernel void copy4(__global const float4 *x, __global float4 *y)\n"
    "{ size_t i = get_global_id(0); y[i] = x[i]; }\n"
    "__kernel void copy4x2(__global const float4 *x, __global float4 *y)\n"
    "{ size_t i = get_global_id(0), n = get_global_size(0);\n"
    "  float4 a = x[i], b = x[i + n]; y[i] = a; y[i + n] = b; }\n"
    "__kernel void copy2x4(__global const float2 *x, __global float2 *y)\n"
    "{ size_t i = get_global_id(0), n = get_global_size(0);\n"
    "  float2 a = x[i], b = x[i + n], c = x[i + 2 * n], d = x[i + 3 * n];\n"
    "  y[i] = a; y[i + n] = b; y[i + 2 * n] = c; y[i + 3 * n] = d; }\n"
    "__kernel void copy2x16(__global const float2 *x, __global float2 *y)\n"
    "{ size_t i = get_global_id(0), n = get_global_size(0); float2 v[16];\n"
    "  for (int k = 0; k < 16; k++) v[k] = x[i + k * n];\n"
    "  for (int k = 0; k < 16; k++) y[i + k * n] = v[k]; }\n";

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 128;
    int reps = argc > 2 ? atoi(argv[2]) : 200;
    const char *want = getenv("FFTLAB_DEVICE");
    cl_platform_id plats[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, plats, &np));
    cl_device_id dev = NULL;
    for (cl_uint p = 0; p < np && !dev; p++) {
        char name[256];
        clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (want && !strcasestr(name, want))
            continue;
        if (clGetDeviceIDs(plats[p], want ? CL_DEVICE_TYPE_ALL : CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS)
            dev = NULL;
    }
    if (!dev) {
        fprintf(stderr, "copyprobe: no device\n");
        return 4;
    }
    char dname[256];
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK(err);
    CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
    size_t bytes = mib << 20;
    cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    cl_mem y = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    unsigned char zero = 1;
    CHECK(clEnqueueFillBuffer(q, x, &zero, 1, 0, bytes, 0, NULL, NULL));
    CHECK(clEnqueueFillBuffer(q, y, &zero, 1, 0, bytes, 0, NULL, NULL));
    struct { const char *name; size_t per_item; } ks[] = {
        {"copy2", 8}, {"copy4", 16}, {"copy4x2", 32}, {"copy2x4", 32}, {"copy2x16", 128}};
    size_t groups[] = {64, 128, 256, 512};
    printf("device %s, buffers of %zu MiB, %d runs each (median, min; GB/s = 2 x bytes / median)\n",
           dname, mib, reps);
    double *t = malloc(sizeof *t * (size_t)reps);
    for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++) {
        cl_kernel kern = clCreateKernel(prog, ks[k].name, &err);
        CHECK(err);
        CHECK(clSetKernelArg(kern, 0, sizeof x, &x));
        CHECK(clSetKernelArg(kern, 1, sizeof y, &y));
        for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
            size_t global = bytes / ks[k].per_item, local = groups[g];
            for (int r = -5; r < reps; r++) {
                cl_event ev;
                CHECK(clEnqueueNDRangeKernel(q, kern, 1, NULL, &global, &local, 0, NULL, &ev));
                CHECK(clWaitForEvents(1, &ev));
                cl_ulong a, b;
                CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL));
                CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL));
                clReleaseEvent(ev);
                if (r >= 0)
                    t[r] = (double)(b - a) * 1e-6;
            }
            qsort(t, (size_t)reps, sizeof *t, cmp);
            double med = t[reps / 2];
            printf("%-9s group %4zu: %.4f ms (min %.4f)  %7.1f GB/s\n", ks[k].name, local, med, t[0],
                   2.0 * (double)bytes / (med * 1e-3) * 1e-9);
        }
        clReleaseKernel(kern);
    }
    free(t);
    return 0;
}
