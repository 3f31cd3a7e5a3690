/* Exercise 01_dft/bin_per_group — one work-group per output bin, reduced in local memory.
 *
 * In the chapter kernel one work-item walks all N inputs for its bin: N work-items in
 * all, each with a serial loop of length N. When N is small compared with the machine
 * (a GPU wants tens of thousands of work-items) most of it sits idle. Here a work-group
 * of W items shares one bin: item l sums every W-th input (j = l, l+W, l+2W, ...), then
 * the W partial sums are added in a tree of log2 W steps in __local memory, with a
 * barrier between steps. This is the pattern to learn — split a long sum across a
 * group, reduce in local memory — which every later reduction (and every FFT that
 * exchanges data inside a work-group) uses.
 *
 * The angle index stays exact: item l starts at m = (l*k) mod n and steps by
 * (W*k) mod n, both computed in 64-bit integers; no j*k is ever formed in floating point.
 *
 * Contract
 *   work-items : global (n*W, batch), local (W, 1), W = --wg (default 64), a power of
 *                two; work-group g of row `row` computes bin k = g
 *   local      : partial[0 .. W-1], one complex partial sum per work-item
 *   reads      : x[row*n + j] for j = l, l+W, ... < n (item l); the group reads the row
 *   writes     : y[row*n + k], once, by work-item 0 of the group
 *   host calls : once per transform (one launch); x and y are different buffers */
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
    //@exercise begin: Sum x[base + j] * exp(i*step*m) for j = l, l+W, ... < n, with m = (j*k) mod n: start at (l*k) mod n, step by (W*k) mod n (64-bit products), subtract n when m >= n.
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

    /* 2. tree reduction: after the step with stride s, partial[0 .. s-1] hold the sums */
    //@exercise begin: Add the W partial sums into partial[0]: halve the stride s from W/2 to 1; items l < s add partial[l + s]; every item reaches the barrier after each step.
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
