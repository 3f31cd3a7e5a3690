/* 04_coalescing — chapter 03's radix-R pass with every global access coalesced.
 *
 * Same arithmetic as 03 (see kernels/03_local_memory.cl for the radix-R pass):
 *     v[m] = x[t + m*(n/R)] * exp(sign*2*pi*i*m*k/(R*p)),  V = DFT_R(v),
 *     y[(t-k)*R + k + m*p] = V[m],                          k = t mod p
 * What changes is who touches which address. In 03 one work-group did one butterfly t,
 * so its work-items read x[t], x[t + n/R], x[t + 2n/R], ...: neighbours n/R apart.
 * Here one work-group does T consecutive butterflies t0 .. t0+T-1 at once:
 *
 *   load    item l handles e = l and e = l + T*R/2:  m = e / T, c = e mod T,
 *           reads x[t0 + c + m*(n/R)]  -> T neighbours read T neighbouring addresses
 *   tile    u[m][c], row pitch T + 1 (padding, see below)
 *   DFT     column c (butterfly t0 + c) is transformed by R/2 items, log2 R stages
 *   store   if p >= T: e -> (m = e / T, c = e mod T), writes y[(t-k)*R + k + m*p];
 *           k runs over T consecutive values, so T neighbours write T neighbouring addresses
 *           if p <  T: the group's outputs fill the contiguous block y[t0*R .. (t0+T)*R);
 *           item e writes y[t0*R + e] and finds its value in the tile by inverting the map
 *
 *      x (global)                       u (local tile, R rows x T columns)
 *      m=0: [t0 .. t0+T-1]   ------>    row 0: c = 0 .. T-1
 *      m=1: [t0+n/R .. ]     ------>    row 1
 *      ...                              ...       each column = one butterfly's R values
 *
 * Padding: the store for p < T walks down a column (item e reads row m = e mod R): with a
 * pitch of exactly T complex values, all those reads fall into the same local-memory bank
 * on a GPU and are served one after another. One extra column (pitch T + 1) spreads them
 * over the banks. The result is the same either way; only the time differs.
 *
 * Idea: E. Bainville's profile of the one-work-group-per-DFT kernel (2010) showed the
 * strided fetches cost most of the time; the tiled reorder through local memory follows
 * Apple's OpenCL_FFT notes (local transposes) and G. Dal's thesis, sections 3.1.3–3.2.2.
 *
 * Notation: docs/notation.md */

/* Contract
 *   work-items : global (n/2, batch), local (T*R/2, 1); R and T powers of two, T divides
 *                n/R. Group g does butterflies t0 = g*T .. t0+T-1 of row get_global_id(1).
 *   local      : u, R*(T+pad) complex values (pad = 1, or 0 for --variant unpadded);
 *                roots, R/2 complex values
 *   reads      : x[row*n + t0 + c + m*(n/R)] for all m < R, c < T, two per item, each
 *                run of T items reading T consecutive values
 *   writes     : y[row*n + (t-k)*R + k + m*p] for the group's T butterflies: runs of T
 *                consecutive values (p >= T) or one contiguous block of T*R (p < T)
 *   host calls : p = 1, then p *= R after each launch (R may differ per launch), swapping
 *                x and y, until p = n. */
__kernel void fft_coalesced(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                            __local real2_t *roots, int p, int R, int T, int pad, int sign)
{
    /* R, T and p are powers of two: divisions and remainders by them are shifts and
     * masks (a GPU has no fast integer divide, and this kernel has many). */
    int log2R = 31 - clz(R), log2T = 31 - clz(T), log2p = 31 - clz(p);
    int items = T * R / 2;                      /* work-items in the group */
    int pitch = T + pad;                        /* pad = 1; 0 only to measure the conflicts */
    int l = get_local_id(0);
    int t0 = get_group_id(0) * T;
    int stride = get_global_size(0) * 2 / R;    /* n / R */
    size_t row = (size_t)get_global_id(1) * stride * R;
    const real_t scale = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)(R * p);

    for (int e = l; e < T * R; e += items) {
        int m = e >> log2T, c = e & (T - 1);
        int k = (t0 + c) & (p - 1);
        real2_t v = x[row + t0 + c + (size_t)m * stride];
        u[m * pitch + c] = cmul(v, cexpi(scale * (real_t)(m * k)));
    }
    /* The R/2 roots exp(sign*2*pi*i*j/R) serve every stage (as in chapter 03). */
    if (l < R / 2)
        roots[l] = cexpi((real_t)(sign * 2.0 * FFTLAB_PI) * (real_t)l / (real_t)R);
    barrier(CLK_LOCAL_MEM_FENCE);

    /* Column c, pair index q: the same in-place stages as chapter 03, down a column. */
    int c = l & (T - 1), q = l >> log2T;
    for (int h = R / 2, shift = 0; h >= 1; h >>= 1, shift++) {
        int d = q & (h - 1);
        int i0 = ((q - d) << 1) + d;
        real2_t a = u[i0 * pitch + c];
        real2_t b = u[(i0 + h) * pitch + c];
        u[i0 * pitch + c] = a + b;
        u[(i0 + h) * pitch + c] = cmul(a - b, roots[d << shift]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (p >= T) {
        int k0 = t0 & (p - 1);
        size_t out = row + (size_t)(t0 - k0) * R + k0;
        for (int e = l; e < T * R; e += items) {
            int m = e >> log2T, c2 = e & (T - 1);
            y[out + c2 + (size_t)m * p] = u[reverse_bits(m, log2R) * pitch + c2];
        }
    } else {
        /* e = (block of p butterflies) * R*p + m*p + k  ->  column (block*p + k), row m */
        size_t out = row + (size_t)t0 * R;
        for (int e = l; e < T * R; e += items) {
            int rem = e & (R * p - 1);
            int m = rem >> log2p, k = rem & (p - 1);
            int c2 = ((e >> (log2R + log2p)) << log2p) + k;
            y[out + e] = u[reverse_bits(m, log2R) * pitch + c2];
        }
    }
}
