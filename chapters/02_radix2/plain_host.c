/* 02_plain_host — chapter 02's FFT with nothing but OpenCL: what the harness does for you.
 *
 * Every chapter program hands its plan to common/ (fl_main), which picks the device,
 * builds the kernels, fills, launches, times and checks. This program does the same for
 * one case by hand, in the order an OpenCL program always goes: platform and device,
 * context and queue, program (with its build log when it fails), buffers, the launches,
 * the read back. It runs kernels/02_radix2.cl's fft_radix2, one launch per pass, on a
 * row of N = 1024 random values, and checks it against a plain DFT in double on the host.
 * docs/plain-host.md walks through it next to what the harness adds.
 *
 *   make 02_plain_host && ./build/02_plain_host        # run from the repository root
 * Exit 0 PASS, 1 wrong result, 3 an OpenCL error (with its code and the build log). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024

/* Stop on any OpenCL error, naming the call: an error code alone says little. */
#define CHECK(call)                                                                         \
    do {                                                                                    \
        cl_int err_ = (call);                                                               \
        if (err_ != CL_SUCCESS) {                                                           \
            fprintf(stderr, "%s failed: OpenCL error %d\n", #call, err_);                   \
            exit(3);                                                                        \
        }                                                                                   \
    } while (0)

/* A whole text file as a string (the kernels are compiled from source at run time). */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s (run from the repository root)\n", path);
        exit(3);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(3);
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

int main(void)
{
    /* 1. A device: the first platform's first device (the harness also looks at every
     *    platform, prefers a GPU and takes --device). */
    cl_platform_id platform;
    cl_device_id device;
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    char name[256];
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL));
    printf("device   %s\n", name);

    /* 2. A context (the device's memory and programs) and a queue (its work, in order). */
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);
    CHECK(err);

    /* 3. The program: the shared header, then the chapter's file, built for this device.
     *    real_t is a macro so that one source serves float and double. */
    const char *sources[2] = {read_file("kernels/fftlab.clh"), read_file("kernels/02_radix2.cl")};
    cl_program program = clCreateProgramWithSource(ctx, 2, sources, NULL, &err);
    CHECK(err);
    if (clBuildProgram(program, 1, &device, "-D real_t=float -D real2_t=float2", NULL, NULL)
        != CL_SUCCESS) {
        size_t size;
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
        char *log = malloc(size + 1);
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log, NULL);
        log[size] = '\0';
        fprintf(stderr, "build failed:\n%s\n", log);
        free(log);
        return 3;
    }
    cl_kernel kernel = clCreateKernel(program, "fft_radix2", &err);
    CHECK(err);

    /* 4. The input on the host (x[j] as re, im pairs), and two device buffers: each pass
     *    reads one and writes the other (Stockham: out of place). */
    static float x[2 * N], y[2 * N];
    srand(1);
    for (int j = 0; j < 2 * N; j++)
        x[j] = (float)rand() / RAND_MAX - 0.5f;
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof x, x, &err);
    CHECK(err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof x, NULL, &err);
    CHECK(err);

    /* 5. The passes p = 1, 2, 4, ..., N/2: N/2 work-items each, one butterfly per item,
     *    the buffers swapped after every pass. The queue runs them in order. */
    int sign = -1;
    cl_mem src = a, dst = b;
    for (int p = 1; p < N; p *= 2) {
        CHECK(clSetKernelArg(kernel, 0, sizeof src, &src));
        CHECK(clSetKernelArg(kernel, 1, sizeof dst, &dst));
        CHECK(clSetKernelArg(kernel, 2, sizeof p, &p));
        CHECK(clSetKernelArg(kernel, 3, sizeof sign, &sign));
        size_t global[2] = {N / 2, 1};
        CHECK(clEnqueueNDRangeKernel(queue, kernel, 2, NULL, global, NULL, 0, NULL, NULL));
        cl_mem t = src;
        src = dst;
        dst = t;
    }

    /* 6. Read the result back (a blocking read: it waits for the passes). */
    CHECK(clEnqueueReadBuffer(queue, src, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL));

    /* 7. Check: the DFT straight from its definition, in double. */
    double err2 = 0, ref2 = 0;
    for (int k = 0; k < N; k++) {
        double re = 0, im = 0;
        for (int j = 0; j < N; j++) {
            double t = -2 * 3.141592653589793 * (double)((long)j * k % N) / N;
            re += x[2 * j] * cos(t) - x[2 * j + 1] * sin(t);
            im += x[2 * j] * sin(t) + x[2 * j + 1] * cos(t);
        }
        err2 += (y[2 * k] - re) * (y[2 * k] - re) + (y[2 * k + 1] - im) * (y[2 * k + 1] - im);
        ref2 += re * re + im * im;
    }
    /* the chapter's bound: 2 eps log2 N, eps = 2^-24 the unit roundoff of a float */
    double rel = sqrt(err2 / ref2), bound = 2 * (FLT_EPSILON / 2) * log2(N);
    printf("verify   N=%d forward: rel L2 %.2e (bound %.2e)\n", N, rel, bound);

    /* 8. Give everything back, in the reverse order. */
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    free((void *)sources[0]);
    free((void *)sources[1]);
    puts(rel <= bound ? "PASS" : "FAIL");
    return rel <= bound ? 0 : 1;
}
