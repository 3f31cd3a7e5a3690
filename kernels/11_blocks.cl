/* 11_convolution — long signals in blocks: overlap-save (--variant overlap_save) and the
 * exercise's overlap-add (--variant overlap_add, exercises/11_convolution/overlap_add.cl).
 *
 * A signal of Nx values and a filter of K taps, K much smaller than Nx: instead of one
 * transform of Nx + K - 1 points or more, the signal is cut into blocks of W points (W a
 * few times K), each block transformed, multiplied by the filter's W-point spectrum (the
 * table "spectrum", divided by W once, on the host) and transformed back: a batch of short
 * transforms with 06's passes (common/fft/axis_plan.c), between the two kernels of this
 * file that cut the blocks out of the signal and put the outputs back together.
 *
 * Overlap-save (chapters/11_convolution/blocks.c states the bookkeeping and proves it on
 * the host): block b holds x[b L - (K - 1) .. b L + L - 1], L = W - K + 1 (zeros before 0
 * and past Nx); of its circular convolution with h the first K - 1 outputs wrapped around
 * and are dropped, the other L are y[b L .. b L + L - 1]. Ny = Nx + K - 1 outputs, blocks
 * ceil(Ny / L).
 *
 * Built after kernels/fftlab.clh and 06's passes (real2_t, INLINE). The arguments are ints
 * (every length is below 2^26), the indices made of them 64-bit (long): a batch of blocks
 * passes 2^31 values long before the chapter's limit does. */

/* Where value G of the blocks (BATCH x NBLOCKS blocks of W) comes from: x's flat index
 * (BATCH rows of NX values), or -1 for a zero. */
static INLINE long ols_source_of(long g, int nx, int k, int hop, int w, int nblocks)
{
    const long row = g / ((long)nblocks * w), rest = g - row * nblocks * w;
    const long blk = rest / w, j = rest - blk * w;
    const long src = blk * hop + j - (k - 1); /* K - 1 samples before its first output */
    return src >= 0 && src < nx ? row * nx + src : -1;
}

/* Which value of the blocks output G (of BATCH rows of NY) is: block BLK = n / L holds
 * y_n at J = n - BLK L + K - 1, past the K - 1 values it drops. */
static INLINE long ols_kept_at(long g, int ny, int k, int hop, int w, int nblocks)
{
    const long row = g / ny, n = g - row * ny;
    const long blk = n / hop, j = n - blk * hop + (k - 1);
    return (row * nblocks + blk) * w + j;
}

/* ols_load (complex data), ols_load_real (real data, --real): the blocks, cut out of the
 * signal.
 *   work-items : 1-D, one per block value, BATCH x NBLOCKS x W of them (any group size;
 *                items past that do nothing)
 *   args       : x (BATCH rows of NX values), blocks (BATCH x NBLOCKS blocks of W), NX, K,
 *                HOP (L = W - K + 1), W, NBLOCKS, BATCH */
__kernel void ols_load(__global const real2_t *x, __global real2_t *blocks, int nx, int k,
                       int hop, int w, int nblocks, int batch)
{
    const long g = (long)get_global_id(0);
    if (g >= (long)batch * nblocks * w)
        return;
    const long s = ols_source_of(g, nx, k, hop, w, nblocks);
    blocks[g] = s >= 0 ? x[s] : (real2_t)(0, 0);
}

__kernel void ols_load_real(__global const real_t *x, __global real_t *blocks, int nx, int k,
                            int hop, int w, int nblocks, int batch)
{
    const long g = (long)get_global_id(0);
    if (g >= (long)batch * nblocks * w)
        return;
    const long s = ols_source_of(g, nx, k, hop, w, nblocks);
    blocks[g] = s >= 0 ? x[s] : 0;
}

/* ols_store, ols_store_real: the outputs each block keeps, put in place, one work-item per
 * output y_n.
 *   work-items : 1-D, BATCH x NY (any group size; items past that do nothing)
 *   args       : blocks (BATCH x NBLOCKS blocks of W: the circular convolutions), y (BATCH
 *                rows of NY values), NY, K, HOP, W, NBLOCKS, BATCH */
__kernel void ols_store(__global const real2_t *blocks, __global real2_t *y, int ny, int k,
                        int hop, int w, int nblocks, int batch)
{
    const long g = (long)get_global_id(0);
    if (g >= (long)batch * ny)
        return;
    y[g] = blocks[ols_kept_at(g, ny, k, hop, w, nblocks)];
}

__kernel void ols_store_real(__global const real_t *blocks, __global real_t *y, int ny, int k,
                             int hop, int w, int nblocks, int batch)
{
    const long g = (long)get_global_id(0);
    if (g >= (long)batch * ny)
        return;
    y[g] = blocks[ols_kept_at(g, ny, k, hop, w, nblocks)];
}

/* Exercise 11_convolution/overlap_add (--variant overlap_add): the student's ola_source
 * and ola_output are built here, in place of this block; the kernels below call them. */
#ifndef FL_EXERCISE_OVERLAP_ADD
/* The chapter holds no overlap-add of its own: the functions are the exercise's. */
#endif

#ifdef FL_EXERCISE_OVERLAP_ADD
/* ola_load: the blocks of overlap-add, from ola_source (the exercise).
 *   work-items : 1-D, BATCH x NBLOCKS x W (any group size)
 *   args       : x (BATCH rows of NX), blocks (BATCH x NBLOCKS blocks of W), NX, HOP
 *                (L = W - K + 1), W, NBLOCKS, BATCH */
__kernel void ola_load(__global const real2_t *x, __global real2_t *blocks, int nx, int hop,
                       int w, int nblocks, int batch)
{
    const long g = (long)get_global_id(0);
    if (g >= (long)batch * nblocks * w)
        return;
    const long row = g / ((long)nblocks * w), rest = g - row * nblocks * w;
    const long blk = rest / w, j = rest - blk * w;
    const long src = ola_source(blk, j, nx, hop);
    blocks[g] = src >= 0 && src < nx ? x[row * nx + src] : (real2_t)(0, 0);
}

/* ola_add: every output y_n from ola_output (the exercise), one work-item each.
 *   work-items : 1-D, BATCH x NY (any group size)
 *   args       : blocks (BATCH x NBLOCKS blocks of W: each block's convolution with h),
 *                y (BATCH rows of NY), NY, HOP, W, NBLOCKS, BATCH */
__kernel void ola_add(__global const real2_t *blocks, __global real2_t *y, int ny, int hop,
                      int w, int nblocks, int batch)
{
    const long g = (long)get_global_id(0);
    if (g >= (long)batch * ny)
        return;
    const long row = g / ny, n = g - row * ny;
    y[g] = ola_output(blocks + row * nblocks * w, n, nblocks, hop, w);
}
#endif
