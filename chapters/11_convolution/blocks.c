/* 11_convolution: overlap-save's bookkeeping (tasks.h), which sample each block reads and
 * which of its outputs are kept, and where. Pure arithmetic, no OpenCL: the device plan
 * (overlap_save.c) follows it, tests/unit/test_conv_blocks.c checks it against the direct
 * sum.
 *
 * Why the first K - 1 outputs go: a block's circular convolution with K taps makes its
 * output j from the samples j, j - 1, ..., j - (K - 1), read mod W. For j >= K - 1 those are
 * all inside the block, the linear convolution's own; for j < K - 1 some wrap around to the
 * block's end, samples that do not precede j in the signal. So each block starts K - 1
 * samples before the outputs it keeps (the "saved" overlap with the block before), and
 * keeps W - K + 1 = L of them: consecutive blocks start L apart. */
#include "tasks.h"

#include "../../common/fft/radix_plan.h"

#include <stdio.h>
#include <string.h>

size_t ols_default_block(size_t nx, size_t k)
{
    size_t ny = nx + k - 1;
    size_t want = fl_smooth_at_least(8 * k < 16 ? 16 : 8 * k, NULL);
    size_t whole = fl_smooth_at_least(ny, NULL);
    return whole && whole < want ? whole : want;
}

int ols_plan(size_t nx, size_t k, size_t b, struct ols_blocks *o, char *why, size_t len)
{
    memset(o, 0, sizeof *o);
    if (nx == 0 || k == 0) {
        snprintf(why, len, "overlap-save needs a signal and a filter (got %zu values and %zu "
                 "taps)", nx, k);
        return -1;
    }
    if (b == 0)
        b = ols_default_block(nx, k);
    if (b < k) {
        snprintf(why, len, "overlap-save: a block of %zu values is shorter than the filter's "
                 "%zu taps (a block keeps W - K + 1 outputs, so W >= K)", b, k);
        return -1;
    }
    if (fl_smooth_at_least(b, NULL) != b) {
        snprintf(why, len, "overlap-save: the block length %zu is not 2^a 3^b 5^c 7^d (the "
                 "next one is %zu)", b, fl_smooth_at_least(b, NULL));
        return -1;
    }
    o->nx = nx;
    o->k = k;
    o->b = b;
    o->hop = b - k + 1;
    o->ny = nx + k - 1;
    o->nblocks = (o->ny + o->hop - 1) / o->hop;
    return 0;
}

long long ols_source(const struct ols_blocks *o, size_t blk, size_t j)
{
    /* block BLK starts K - 1 samples before its first kept output, BLK L */
    size_t first = blk * o->hop + j;  /* the sample's index plus K - 1 */
    if (first < o->k - 1 || first - (o->k - 1) >= o->nx)
        return -1;
    return (long long)(first - (o->k - 1));
}

long long ols_kept(const struct ols_blocks *o, size_t blk, size_t j)
{
    if (j < o->k - 1)
        return -1; /* wrapped around */
    size_t n = blk * o->hop + (j - (o->k - 1));
    return n < o->ny ? (long long)n : -1;
}

void ols_host(const struct ols_blocks *o, const double *x, const double *h, double *y)
{
    for (size_t blk = 0; blk < o->nblocks; blk++) {
        for (size_t j = 0; j < o->b; j++) {
            long long n = ols_kept(o, blk, j);
            if (n < 0)
                continue;
            /* the block's circular convolution at j: the sum over t of h_t z_((j - t) mod W),
             * z the block's samples (what the FFTs compute); kept only where no index wraps */
            double re = 0, im = 0;
            for (size_t t = 0; t < o->k; t++) {
                long long s = ols_source(o, blk, (j + o->b - t % o->b) % o->b);
                if (s < 0)
                    continue;
                const double *a = &x[2 * s], *c = &h[2 * t];
                re += a[0] * c[0] - a[1] * c[1];
                im += a[0] * c[1] + a[1] * c[0];
            }
            y[2 * n] = re;
            y[2 * n + 1] = im;
        }
    }
}
