/* 03_local_memory — one work-group per radix-R butterfly, the R-point DFT done in local
 * memory. Built after kernels/02_radix2.cl (the chapter reuses fft_radix2 for the passes
 * that do not fill a whole work-group).
 *
 * A radix-R pass generalises chapter 02's radix-2 pass. With p the length of the
 * sub-DFTs already done, butterfly t (0 <= t < n/R, k = t mod p) combines R of them:
 *
 *     v[m]  = x[t + m*(n/R)] * exp(sign*2*pi*i * m*k / (R*p))      m = 0 .. R-1
 *     V     = the R-point DFT of v
 *     y[(t-k)*R + k + m*p] = V[m]
 *
 * For R = 2 this is exactly fft_radix2. Here R = 2 * (work-group size): a group of r
 * work-items loads its butterfly's R values into local memory, runs log2 R radix-2
 * stages on them with a barrier after each, and stores the result. One launch does
 * log2 R of chapter 02's passes, so there are log2 R times fewer trips through memory.
 *
 * The catch, and this chapter's lesson: inside a group, work-item i reads x[t + i*(n/R)]
 * and writes y[... + i*p] — consecutive work-items touch addresses n/R and p elements
 * apart. A GPU serves a group of neighbouring work-items with one memory transaction only
 * when their addresses are neighbours too; here each needs its own (chapter 04 fixes it).
 *
 * The local R-point DFT is done in place, decimation in frequency (butterfly first,
 * twiddle after), which leaves V[m] at position bitrev(m) of u: the store undoes it.
 * Every twiddle inside it is one of the R/2 roots exp(sign*2*pi*i*j/R), so the group
 * computes those once into local memory (one sincos per work-item) and each stage reads
 * them, instead of calling sincos in every stage: local memory as a shared cache.
 *
 * Notation: docs/notation.md */

/* Contract
 *   work-items : global (n/2, batch), local (r, 1) with r a power of two; R = 2r <= n.
 *                Work-group t = get_group_id(0) (0 <= t < n/R) does butterfly t of row
 *                get_global_id(1); its item i handles m = i and m = i + r.
 *   local      : u, R complex values; roots, R/2 complex values
 *   reads      : x[row*n + t + m*(n/R)] for m = i, i + r
 *   writes     : y[row*n + (t-k)*R + k + m*p] for m = i, i + r, with k = t mod p
 *   host calls : fft_radix2 for p = 1, 2, ... while log2(n/p) is not a multiple of log2 R,
 *                then this kernel for p, p*R, p*R^2, ... < n; swap x and y after each. */
__kernel void fft_local(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
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

    /* Load and twiddle. The angle is formed from the integer m*k < R*p <= n, so it stays
     * in [0, 2*pi) without a reduction step. */
    const real_t scale = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)(R * p);
    u[i] = cmul(x[row + t + (size_t)i * stride], cexpi(scale * (real_t)(i * k)));
    u[i + r] = cmul(x[row + t + (size_t)(i + r) * stride], cexpi(scale * (real_t)((i + r) * k)));
    roots[i] = cexpi((real_t)(sign * 2.0 * FFTLAB_PI) * (real_t)i / (real_t)R);
    barrier(CLK_LOCAL_MEM_FENCE);

    /* log2 R in-place stages; in the stage with half-width h, item i owns the pair
     * (i0, i0 + h) where i0 is i with a 0 bit inserted at position log2 h. Its twiddle
     * exp(sign*pi*i*d/h) is root number d*(r/h) = d << shift. */
    for (int h = r, shift = 0; h >= 1; h >>= 1, shift++) {
        int d = i & (h - 1);
        int i0 = ((i - d) << 1) + d;
        real2_t a = u[i0];
        real2_t b = u[i0 + h];
        u[i0] = a + b;
        u[i0 + h] = cmul(a - b, roots[d << shift]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    size_t out = row + (size_t)(t - k) * R + k;
    y[out + (size_t)i * p] = u[reverse_bits(i, log2R)];
    y[out + (size_t)(i + r) * p] = u[reverse_bits(i + r, log2R)];
}
