/* Exercise 03_local_memory/missing_barrier — put the barriers in.
 *
 * fft_local_sync does chapter 03's radix-R pass (the chapter's fft_local) with the local
 * R-point DFT turned around: decimation in time where the chapter decimates in frequency.
 * The load puts v[m] at position reverse_bits(m) of u, each stage twiddles first and
 * then does its butterfly, the half-widths grow (h = 1, 2, ..., r), and V[m] ends at
 * position m, so the store reads u[i] and u[i + r]. The barriers are yours: the file you
 * start from has one, right after the load, and none in the stages: work-items read
 * values their neighbours have not written yet. On pocl that gives a wrong answer every
 * time (see the README).
 *
 * The rule: a work-item may read a local value that another work-item wrote only after
 * a barrier that both of them passed after the write. Every work-item of the group must
 * reach every barrier (never put one inside a branch that only some items take).
 *
 * Who reads what, for item i of r (R = 2r values u[0 .. R-1], roots[0 .. r-1]):
 *   load       writes u[reverse_bits(i)], u[reverse_bits(i + r)], roots[i]
 *   stage h    (h = 1, 2, 4, ..., r) reads and writes u[i0], u[i0 + h], reads
 *              roots[d << shift], with d = i mod h, i0 = i with a 0 bit inserted at
 *              position log2 h, and shift = log2(r / h)
 *   store      reads u[i], u[i + r]
 *
 * Contract (the same as fft_local)
 *   work-items : global (n/2, batch), local (r, 1), r a power of two, R = 2r <= n.
 *                Group t = get_group_id(0) (0 <= t < n/R) does butterfly t of row
 *                get_global_id(1); item i handles m = i and m = i + r.
 *   local      : u, R complex values; roots, R/2 complex values
 *   reads      : x[row*n + t + m*(n/R)] for m = i, i + r
 *   writes     : y[row*n + (t-k)*R + k + m*p] for m = i, i + r, with k = t mod p
 *   host calls : fft_radix2 (chapter 02) for p = 1, 2, ... while log2(n/p) is not a
 *                multiple of log2 R, then this kernel for p, p*R, p*R^2, ... < n; swap x
 *                and y after each.
 *
 * Yours to work out: which reads of u and roots need a barrier before them, and which
 * barriers would do nothing. Hints, one step at a time: exercises/03_local_memory/README.md. */

__kernel void fft_local_sync(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                             __local real2_t *roots, int p, int sign)
{
    int r = get_local_size(0);
    int R = 2 * r;
    int log2R = 31 - clz(R);
    int i = get_local_id(0);
    int t = get_group_id(0);
    int stride = get_num_groups(0);             /* n / R */
    size_t row = (size_t)get_global_id(1) * stride * R;
    int k = t & (p - 1);

    /* Load and twiddle (m*k < R*p <= n: the angle needs no reduction) into bit-reversed
     * places, and one of the R/2 roots exp(sign*2*pi*i*j/R) per item. */
    const real_t scale = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)(R * p);
    u[reverse_bits(i, log2R)] = cmul(x[row + t + (size_t)i * stride], cexpi(scale * (real_t)(i * k)));
    u[reverse_bits(i + r, log2R)] =
        cmul(x[row + t + (size_t)(i + r) * stride], cexpi(scale * (real_t)((i + r) * k)));
    roots[i] = cexpi((real_t)(sign * 2.0 * FFTLAB_PI) * (real_t)i / (real_t)R);

    //@exercise begin: Make the local DFT race-free: a barrier(CLK_LOCAL_MEM_FENCE) wherever an item may read what another item wrote (a barrier more costs time, not points).
    //@stub barrier(CLK_LOCAL_MEM_FENCE);
    //@stub
    //@stub for (int h = 1, shift = log2R - 1; h <= r; h <<= 1, shift--) {
    //@stub     int d = i & (h - 1);
    //@stub     int i0 = ((i - d) << 1) + d;
    //@stub     real2_t a = u[i0];
    //@stub     real2_t b = cmul(u[i0 + h], roots[d << shift]);
    //@stub     u[i0] = a + b;
    //@stub     u[i0 + h] = a - b;
    //@stub }
    for (int h = 1, shift = log2R - 1; h <= r; h <<= 1, shift--) {
        /* Stage h reads what other items wrote before it: the load (the pair and the
         * root), then the stage before. */
        barrier(CLK_LOCAL_MEM_FENCE);
        int d = i & (h - 1);
        int i0 = ((i - d) << 1) + d;
        real2_t a = u[i0];
        real2_t b = cmul(u[i0 + h], roots[d << shift]);
        u[i0] = a + b;
        u[i0 + h] = a - b;
    }
    /* No barrier before the store: the last stage (h = r) wrote u[i] and u[i + r] in
     * this item itself, and those are the values the store reads. */
    //@exercise end

    size_t out = row + (size_t)(t - k) * R + k;
    y[out + (size_t)i * p] = u[i];
    y[out + (size_t)(i + r) * p] = u[i + r];
}
