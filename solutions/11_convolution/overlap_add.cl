/* Exercise 11_convolution/overlap_add — long signals in blocks the other way: overlap-add's
 * bookkeeping, which samples each block holds and which blocks make each output.
 *
 * What you write: the bodies of ola_source and ola_output below. Nothing else goes in this
 * file. --variant overlap_add builds it into kernels/11_blocks.cl, whose kernels ola_load
 * (one work-item per block value) and ola_add (one per output) call your functions; the
 * transforms and the product in between are the chapter's.
 *
 * The method. A signal x of Nx values, a filter h of K taps, y = x * h the linear
 * convolution, Ny = Nx + K - 1 outputs. Cut x into pieces of L = W - K + 1 samples
 * (the hop) and put piece blk in a block of W values with zeros after it; the plan then
 * takes the W-point circular convolution of every block with h. A piece of L samples
 * convolved with K taps is L + K - 1 = W values long, so the circular convolution wraps
 * nothing: block blk's outputs are the linear convolution of piece blk alone, and y is the
 * sum of those, each shifted to where its piece lies. NBLOCKS = ceil(Nx / L) blocks.
 *
 * Your two functions, all indices counted from 0 within one row of the batch:
 *   ola_source(blk, j, nx, hop)   the index of x that block BLK holds at J (0 <= J < W),
 *                                 or -1 where the block holds a zero. (ola_load also reads
 *                                 a zero for an index past NX.)
 *   ola_output(Y, n, nblocks, hop, w)   y_n (0 <= n < Ny): Y holds the row's NBLOCKS
 *                                 blocks' outputs, W values each, block BLK's value J at
 *                                 Y[BLK * W + J]. Read only values that belong to y_n.
 * No stores, no barriers; loops are fine.
 *
 * What you may use (defined before your functions):
 *     real_t, real2_t    float and float2 (double and double2 with --precision double)
 *     long               64-bit indices: a batch of blocks passes 2^31 values
 *
 * Run:   ./build/11_convolution --variant overlap_add --size 1000 --filter-size 31
 *        (runs exercises/11_convolution/overlap_add.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=11_convolution/overlap_add
 *
 * Yours to work out: which piece lies where in a block, and for one output, every block
 * whose outputs reach it, and at which of their indices. The lesson's overlap-save is the
 * other bookkeeping (blocks that overlap in the input, outputs discarded); here the
 * blocks do not overlap in the input, and their outputs overlap instead.
 * Hints, one step at a time: exercises/11_convolution/README.md.
 * ---- */
static INLINE long ola_source(long blk, long j, long nx, long hop)
{
    //@exercise begin: the index of x that block BLK holds at J, or -1 for a zero
    //@stub /* placeholder: every block holds zeros (wrong) */
    //@stub (void)blk;
    //@stub (void)j;
    //@stub (void)hop;
    //@stub (void)nx;
    //@stub return -1;
    (void)nx; /* ola_load reads zeros past Nx itself */
    /* piece BLK: L samples from BLK L, then W - L = K - 1 zeros, room for its tail */
    return j < hop ? blk * hop + j : -1;
    //@exercise end
}

static INLINE real2_t ola_output(__global const real2_t *Y, long n, long nblocks, long hop,
                                 long w)
{
    //@exercise begin: y_n, the sum of every block's output that lies at n
    //@stub /* placeholder: the first block's outputs only (wrong past them) */
    //@stub (void)nblocks;
    //@stub (void)hop;
    //@stub return n < w ? Y[n] : (real2_t)(0, 0);
    /* block BLK's outputs lie at BLK L .. BLK L + W - 1: the blocks with
     * n - W < BLK L <= n, the first (n - W) / L + 1 (0 while n < W), the last n / L */
    long last = n / hop, first = n >= w ? (n - w) / hop + 1 : 0;
    if (last > nblocks - 1)
        last = nblocks - 1;
    real2_t sum = (real2_t)(0, 0);
    for (long blk = first; blk <= last; blk++)
        sum += Y[blk * w + (n - blk * hop)];
    return sum;
    //@exercise end
}
