/* How long the host reference (common/reference.c: FFTW, the verification's answer) takes
 * for N x BATCH complex values, on one thread and on FFTW's threads (at the limit, 2^30
 * values, a run checks five of them). Not built by make: compile it on the machine to
 * measure, from the repository root after `make`:
 *
 *   cc -O2 -o build/reference-time tools/gpu/reference-time.c build/common/reference.o \
 *      -lfftw3l_threads -lfftw3l -lfftw3_threads -lfftw3 -lm -lpthread
 *   build/reference-time 1024 1048576 double     # 2^30 values; 48 GiB of host memory
 *   build/reference-time 1024 1048576 long       # long double (runs in double): 64 GiB
 *
 * Prints one line per thread count: the transform alone (plan, copy in, execute, copy
 * out), wall clock. */
#define _POSIX_C_SOURCE 200809L
#include "../../common/reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[3], "double") != 0 && strcmp(argv[3], "long") != 0)) {
        fprintf(stderr, "usage: %s N BATCH double|long\n", argv[0]);
        return 2;
    }
    size_t n = strtoull(argv[1], NULL, 10), batch = strtoull(argv[2], NULL, 10);
    if (n == 0 || batch == 0 || n > ((size_t)1 << 31) || batch > ((size_t)1 << 40) / n) {
        fprintf(stderr, "%s: N and BATCH from 1, N x BATCH at most 2^40\n", argv[0]);
        return 2;
    }
    int ld = strcmp(argv[3], "long") == 0;
    double *x = malloc(n * batch * 16), *y = malloc(n * batch * 16);
    if (!x || !y) {
        fprintf(stderr, "%s: out of memory (%zu GiB)\n", argv[0], (n * batch * 32) >> 30);
        return 3;
    }
    fl_fill_random(x, n * batch, 1);
    memset(y, 0, n * batch * 16); /* its pages touched: no first-touch cost in the times */
    fl_reference_long_double(ld);
    char many[16];
    snprintf(many, sizeof many, "%d", fl_reference_threads(n * batch));
    const char *counts[2] = {"1", many};
    for (int i = 0; i < 2; i++) {
        setenv("FFTLAB_REFERENCE_THREADS", counts[i], 1);
        double t0 = now_s();
        if (fl_reference_dft(x, y, n, batch, -1) != 0) {
            fprintf(stderr, "%s: FFTW could not plan (out of memory?)\n", argv[0]);
            return 3;
        }
        printf("reference %zu x %zu in %s, %s thread%s: %.2f s\n", n, batch,
               ld ? "long double" : "double", counts[i], strcmp(counts[i], "1") ? "s" : "",
               now_s() - t0);
    }
    free(x);
    free(y);
    return 0;
}
