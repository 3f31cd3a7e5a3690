/* Exercise 01_dft/bin_per_group — one work-group per output bin, reduced in local memory.
 *
 * Compute the chapter's DFT of each row,
 *     y[k] = sum over j = 0 .. n-1 of x[j] * exp(sign * 2*pi*i * j*k / n),
 * with a whole work-group of W items per bin k instead of one item: item l adds the terms
 * j = l, l+W, l+2W, ... < n, and the group then adds its W partial sums in __local memory
 * in log2 W steps. That gives the device n*W work-items with loops of n/W terms, where the
 * chapter had n work-items with loops of n.
 *
 * Contract
 *   work-items : global (n*W, batch), local (W, 1), W = --wg (default 64), a power of
 *                two; work-group g of row `row` computes bin k = g
 *   local      : partial[0 .. W-1], one complex partial sum per work-item
 *   reads      : x[row*n + j] for j = l, l+W, ... < n (item l); the group reads the row
 *   writes     : y[row*n + k], once, by work-item 0 of the group
 *   host calls : once per transform (one launch); x and y are different buffers
 *
 * Yours to work out: the exact angle index of item l's first term and how much it grows
 * from one of its terms to the next (no j*k in an int or in floating point), and the
 * order of adds and barriers that leaves the sum in partial[0]. Hints, one step at a
 * time: exercises/01_dft/README.md. */
__kernel void dft_group(__global const real2_t *x, __global real2_t *y,
                        __local real2_t *partial, int n, int sign)
{
    const int k = get_group_id(0);                /* the bin of this work-group */
    const int l = get_local_id(0);
    const int W = get_local_size(0);
    const size_t base = (size_t)get_global_id(1) * (size_t)n;
    const real_t step = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)n;

    /* 1. this item's share of the sum: j = l, l + W, l + 2W, ... */
    real2_t acc = (real2_t)(0, 0);
    //@exercise begin: Item l's share of the sum: the terms j = l, l+W, ... < n, each x[base + j] times its twiddle (angle step * m, m exact), into acc.
    //@stub /* acc stays 0 */
    int m = (int)(((ulong)l * (ulong)k) % (ulong)n);
    const int dm = (int)(((ulong)W * (ulong)k) % (ulong)n);
    for (int j = l; j < n; j += W) {
        acc += cmul(x[base + j], cexpi(step * (real_t)m));
        m += dm;
        if (m >= n)
            m -= n;
    }
    //@exercise end
    partial[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);

    /* 2. the W partial sums, added into partial[0] */
    //@exercise begin: Add the W values of partial[] into partial[0], with every work-item at every barrier.
    //@stub /* only item 0's own share reaches partial[0] */
    for (int s = W >> 1; s > 0; s >>= 1) {
        if (l < s)
            partial[l] += partial[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);           /* outside the if: the whole group waits */
    }
    //@exercise end

    if (l == 0)
        y[base + k] = partial[0];
}
