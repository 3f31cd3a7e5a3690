/* chapters/11_convolution/blocks.c: overlap-save's bookkeeping. Every block length the
 * planner picks or is given, for filters from 1 tap to the block's length, gives the
 * direct linear convolution (the O(Nx K) sum) to rounding; each output is kept by exactly
 * one block; the discarded outputs are the wrapped ones (keeping them is wrong); bad
 * lengths are refused with a reason. */
#include "../../chapters/11_convolution/tasks.h"
#include "../../common/reference.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* y = x * h, full length, by the direct sum (complex, interleaved) */
static void direct(const double *x, size_t nx, const double *h, size_t k, double *y)
{
    memset(y, 0, 2 * (nx + k - 1) * sizeof *y);
    for (size_t n = 0; n < nx; n++)
        for (size_t t = 0; t < k; t++) {
            y[2 * (n + t)] += x[2 * n] * h[2 * t] - x[2 * n + 1] * h[2 * t + 1];
            y[2 * (n + t) + 1] += x[2 * n] * h[2 * t + 1] + x[2 * n + 1] * h[2 * t];
        }
}

static double max_diff(const double *a, const double *b, size_t count)
{
    double m = 0;
    for (size_t i = 0; i < 2 * count; i++)
        m = fmax(m, fabs(a[i] - b[i]));
    return m;
}

/* overlap-save at NX, K, W (0: the default) against the direct sum; every output written
 * once (y poisoned with NaN first) */
static void check(size_t nx, size_t k, size_t b)
{
    struct ols_blocks o;
    char why[256];
    if (!is_int(ols_plan(nx, k, b, &o, why, sizeof why), 0, "Nx=%zu K=%zu W=%zu plans", nx, k, b)) {
        diag("%s", why);
        return;
    }
    double *x = malloc(2 * nx * sizeof *x), *h = malloc(2 * k * sizeof *h);
    double *y = malloc(2 * o.ny * sizeof *y), *want = malloc(2 * o.ny * sizeof *want);
    fl_fill_random(x, nx, 1 + nx);
    fl_fill_random(h, k, 2 + k);
    direct(x, nx, h, k, want);
    for (size_t i = 0; i < 2 * o.ny; i++)
        y[i] = NAN;
    ols_host(&o, x, h, y);
    ok(max_diff(y, want, o.ny) < 1e-12 * (double)k,
       "Nx=%zu K=%zu W=%zu (L=%zu, %zu blocks): overlap-save = the direct sum", nx, k, o.b,
       o.hop, o.nblocks);
    /* each output kept by exactly one (block, j) */
    unsigned char *hits = calloc(o.ny, 1);
    size_t extra = 0;
    for (size_t blk = 0; blk < o.nblocks; blk++)
        for (size_t j = 0; j < o.b; j++) {
            long long n = ols_kept(&o, blk, j);
            if (n >= 0 && hits[n]++)
                extra++;
        }
    size_t missing = 0;
    for (size_t n = 0; n < o.ny; n++)
        missing += hits[n] == 0;
    ok(extra == 0 && missing == 0, "Nx=%zu K=%zu W=%zu: each output kept once (%zu twice, %zu "
       "never)", nx, k, o.b, extra, missing);
    free(hits);
    free(x);
    free(h);
    free(y);
    free(want);
}

int main(void)
{
    /* the block lengths of the default rule */
    is_int((long long)ols_default_block(1000000, 100), 800, "default W for K=100: 7-smooth >= 8K");
    is_int((long long)ols_default_block(1000000, 101), 810, "default W for K=101: 810 = 2 3^4 5");
    is_int((long long)ols_default_block(20, 5), 24, "default W when the whole signal fits: "
           "7-smooth >= Ny = 24");
    is_int((long long)ols_default_block(1, 1), 1, "default W at Nx=1, K=1: one block of 1");

    /* the bookkeeping at a size small enough to read */
    struct ols_blocks o;
    char why[256];
    ols_plan(10, 3, 6, &o, why, sizeof why);
    is_int((long long)o.hop, 4, "Nx=10 K=3 W=6: hop L = W - K + 1 = 4");
    is_int((long long)o.ny, 12, "Ny = Nx + K - 1 = 12");
    is_int((long long)o.nblocks, 3, "ceil(12 / 4) = 3 blocks");
    is_int(ols_source(&o, 0, 0), -1, "block 0 starts K - 1 = 2 samples before the signal");
    is_int(ols_source(&o, 0, 2), 0, "block 0, j=2: x_0");
    is_int(ols_source(&o, 1, 0), 2, "block 1 starts at L - (K - 1) = 2");
    is_int(ols_source(&o, 2, 3), 9, "block 2 starts at 2L - (K - 1) = 6, j=3: x_9, the last sample");
    is_int(ols_source(&o, 2, 4), -1, "block 2, j=4: past the signal, a zero (the last block's padding)");
    is_int(ols_kept(&o, 1, 1), -1, "j < K - 1: discarded (wrapped)");
    is_int(ols_kept(&o, 1, 2), 4, "block 1 keeps y_4 at j = K - 1");
    is_int(ols_kept(&o, 2, 5), 11, "block 2, j=5: y_11, the last output");
    ols_plan(11, 3, 6, &o, why, sizeof why);
    is_int((long long)o.nblocks, 4, "Nx=11: Ny=13 needs a 4th block");
    is_int(ols_source(&o, 3, 3), -1, "the last block's padding past Nx reads zeros");
    is_int(ols_kept(&o, 3, 2), 12, "the 4th block keeps y_12");
    is_int(ols_kept(&o, 3, 3), -1, "and drops its outputs past Ny");

    /* against the direct sum */
    check(10, 3, 6);
    check(11, 3, 6);
    check(1, 1, 1);           /* nothing to overlap */
    check(1, 1, 0);
    check(5, 5, 5);           /* W = K: one output per block */
    check(7, 5, 5);
    check(100, 1, 8);         /* K = 1: no overlap, hop W */
    check(1000, 17, 0);       /* the default block, several blocks */
    check(1000, 17, 18);      /* W = K + 1: two outputs per block */
    check(4096, 64, 0);
    check(3000, 100, 810);    /* a 7-smooth block, not a power of two */
    check(50, 200, 0);        /* a filter longer than the signal (linear mode allows it) */
    check(777, 31, 32);

    /* keeping the wrapped outputs is wrong: the circular convolution's j < K - 1 of a block
     * that has samples on both sides differs from the linear one */
    {
        size_t nx = 64, k = 5;
        ols_plan(nx, k, 16, &o, why, sizeof why);
        double x[2 * 64], h[2 * 5], y[2 * 68];
        fl_fill_random(x, nx, 7);
        fl_fill_random(h, k, 8);
        direct(x, nx, h, k, y);
        size_t blk = 2, j = 1; /* wrapped: reads the block's last samples */
        double re = 0, im = 0;
        for (size_t t = 0; t < k; t++) {
            long long s = ols_source(&o, blk, (j + o.b - t) % o.b);
            if (s >= 0) {
                re += x[2 * s] * h[2 * t] - x[2 * s + 1] * h[2 * t + 1];
                im += x[2 * s] * h[2 * t + 1] + x[2 * s + 1] * h[2 * t];
            }
        }
        size_t at = blk * o.hop - (k - 1) + j; /* the output j would stand for: y[b L - (K-1) + j] */
        ok(fabs(re - y[2 * at]) + fabs(im - y[2 * at + 1]) > 1e-3,
           "a wrapped output (block 2, j=1) is not y_%zu: discarding it is needed", at);
    }

    /* refusals */
    is_int(ols_plan(0, 3, 8, &o, why, sizeof why), -1, "Nx=0 refused");
    has_substr(why, "needs a signal", "  with a reason");
    is_int(ols_plan(10, 0, 8, &o, why, sizeof why), -1, "K=0 refused");
    is_int(ols_plan(100, 9, 8, &o, why, sizeof why), -1, "W < K refused");
    has_substr(why, "W >= K", "  saying W >= K");
    is_int(ols_plan(100, 9, 11, &o, why, sizeof why), -1, "W=11 (prime) refused");
    has_substr(why, "next one is 12", "  naming the next length");
    return done_testing();
}
