/* 11_convolution --task chirp: a matched filter finds a chirp buried in noise.
 *
 * The signal: N samples (--size N, default 2^20) of Gaussian noise of standard deviation
 * 1, seeded by --seed, with a chirp of K samples (--filter-size K, default 4096) added at a
 * position drawn from the same seed: a Hann-windowed sweep from 0.02 to 0.25 cycles per
 * sample at amplitude 0.4, below the noise's spread of 1, invisible in the samples
 * (chirp.c). The matched filter is the chirp reversed; y = x * h (real data, linear: 09's
 * R2C and C2R, real.c) is then, at n, the correlation of the signal with the chirp
 * starting at n - (K - 1), and its largest |y_n| says where the chirp starts.
 *
 * What it prints: where the chirp was planted, where the peak puts it, and how far the
 * peak stands above the rest (its value over the RMS of y away from it: about 10 here,
 * where the largest value of the noise alone is about 5). FAIL (exit 1) when the two
 * positions differ. */
#include "conv.h"
#include "tasks.h"

#include "../../common/buffers.h"
#include "../../common/reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHIRP_F0 0.02   /* cycles per sample at the start ...     */
#define CHIRP_F1 0.25   /* ... and at the end                      */
#define CHIRP_AMP 0.4   /* against noise of standard deviation 1   */

int task_chirp(const struct fl_chapter *ch, int argc, char **argv, struct task_opts *t)
{
    if (t->image || t->sigma > 0)
        fl_die(FL_EXIT_USAGE, "--task chirp: --image and --sigma are the image tasks' (blur, "
               "sharpen)");
    if (t->ndims > 1 || (conv_args.fndims > 1))
        fl_die(FL_EXIT_USAGE, "--task chirp: a 1-D signal, --size N (default 2^20), and a "
               "chirp of --filter-size K samples (default 4096)");
    size_t n = t->ndims ? t->dims[0] : (size_t)1 << 20;
    size_t m = conv_args.fndims ? conv_args.fdims[0] : 4096;
    if (m < 16 || m > n / 2)
        fl_die(FL_EXIT_USAGE, "--task chirp: the chirp (%zu samples) must be at least 16 "
               "samples and at most half the signal (%zu)", m, n);
    /* the position, from the seed (apart from the noise's own draws) */
    uint64_t state = conv_args.seed ^ 0x5bd1e995u;
    size_t pos = (size_t)(fl_rng_next(&state) % (n - m + 1));
    double *s = fl_xmalloc(m * sizeof *s, "the chirp"), *hf = fl_xmalloc(m * sizeof *hf,
                                                                          "the matched filter");
    double *x = fl_xmalloc(n * sizeof *x, "the signal");
    chirp_make(m, CHIRP_F0, CHIRP_F1, s);
    chirp_bury(n, s, m, pos, CHIRP_AMP, 1.0, conv_args.seed, x);
    chirp_matched_filter(s, m, hf);
    conv_args.fndims = 0; /* the filter is the task's now (task_convolve) */
    size_t xdims[1] = {n}, hdims[1] = {m};
    struct fl_npy y;
    int rc = task_convolve(ch, argc, argv, t, x, xdims, 1, hf, hdims, &y);
    free(s);
    free(hf);
    free(x);
    if (rc != 0)
        return rc;
    double *v = fl_xmalloc(y.count * sizeof *v, "the filter's output");
    for (size_t i = 0; i < y.count; i++)
        v[i] = y.data[2 * i];
    double margin;
    size_t peak = chirp_peak(v, y.count, m, &margin);
    size_t found = peak >= m - 1 ? peak - (m - 1) : 0;
    printf("task     chirp: %zu samples of noise (sigma 1, seed %llu), a chirp of %zu samples "
           "(%.2f to %.2f cycles/sample, amplitude %.2f) planted at %zu\n", n,
           (unsigned long long)conv_args.seed, m, CHIRP_F0, CHIRP_F1, CHIRP_AMP, pos);
    printf("task     matched filter: the largest |y| at %zu, so the chirp starts at %zu - (K - "
           "1) = %zu; %.1f times the RMS of the rest\n", peak, peak, found, margin);
    free(v);
    fl_npy_free(&y);
    if (found != pos || peak < m - 1) {
        printf("FAIL: the chirp was planted at %zu, the matched filter finds it at %zu\n", pos,
               found);
        return FL_EXIT_MISMATCH;
    }
    printf("task     found: the position printed is the one planted\nPASS\n");
    return 0;
}
