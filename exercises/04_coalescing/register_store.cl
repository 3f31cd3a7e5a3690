/* Exercise 04_coalescing/register_store — store straight from registers where that is
 * already coalesced.
 *
 * fft_tile_regs is chapter 04's tiled radix-R pass (the chapter's fft_coalesced, always
 * padded) with its last stage taken out of the stage loop. In that stage (half-width
 * h = 1, twiddle roots[0] = 1) item l = q*T + c combines tile rows 2q and 2q + 1 of
 * column c into v0 and v1, two outputs of butterfly t = t0 + c. The stages leave output
 * V[m] of a butterfly at tile row reverse_bits(m, log2 R).
 *
 * The chapter writes them back to the tile, passes a barrier, and then lets every item
 * read the tile again in output order. When p >= T that detour is not needed: output m
 * of butterfly t goes to y[(t - k)*R + k + m*p], k = t mod p, and the T items with the
 * same q have T consecutive c and, because p >= T, T consecutive k. So they write T
 * consecutive addresses straight from their registers: still runs of T, one barrier and
 * one tile round trip fewer. When p < T the same writes would be only p long, so that
 * case keeps the tile (given below, as in the chapter).
 *
 * Contract
 *   work-items : global (n/2, batch), local (T*R/2, 1); R and T powers of two, T divides
 *                n/R. Group g does butterflies t0 = g*T .. t0+T-1 of row get_global_id(1).
 *   local      : u, R*(T+1) complex values; roots, R/2 complex values
 *   reads      : x[row*n + t0 + c + m*(n/R)] for all m < R, c < T (runs of T)
 *   writes     : y[row*n + (t-k)*R + k + m*p] for the group's T butterflies, k = t mod p:
 *                p >= T: item (q, c) writes its two outputs of butterfly t0 + c;
 *                p <  T: item e writes y[row*n + t0*R + e] (one contiguous block)
 *   host calls : p = 1, then p *= R after each launch (R may differ per launch), swapping
 *                x and y, until p = n.
 *
 * Yours to work out: which outputs m0 and m1 the registers v0 and v1 hold, and where
 * they go in y. Hints, one step at a time: exercises/04_coalescing/README.md. */

__kernel void fft_tile_regs(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                            __local real2_t *roots, int p, int R, int T, int sign)
{
    int log2R = 31 - clz(R), log2T = 31 - clz(T), log2p = 31 - clz(p);
    int items = T * R / 2;
    int pitch = T + 1;
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
    if (l < R / 2)
        roots[l] = cexpi((real_t)(sign * 2.0 * FFTLAB_PI) * (real_t)l / (real_t)R);
    barrier(CLK_LOCAL_MEM_FENCE);

    /* Every stage but the last, down column c with pair index q. */
    int c = l & (T - 1), q = l >> log2T;
    for (int h = R / 2, shift = 0; h >= 2; h >>= 1, shift++) {
        int d = q & (h - 1);
        int i0 = ((q - d) << 1) + d;
        real2_t a = u[i0 * pitch + c];
        real2_t b = u[(i0 + h) * pitch + c];
        u[i0 * pitch + c] = a + b;
        u[(i0 + h) * pitch + c] = cmul(a - b, roots[d << shift]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    /* The last stage, in registers: rows 2q and 2q + 1 of column c. */
    real2_t a = u[2 * q * pitch + c];
    real2_t b = u[(2 * q + 1) * pitch + c];
    real2_t v0 = a + b;     /* output m0 of butterfly t0 + c (from tile row 2q's pair) */
    real2_t v1 = a - b;     /* output m1 of butterfly t0 + c */

    if (p >= T) {
        // TODO(exercise): Write v0 and v1 straight to y, where the pass puts those two outputs of butterfly t0 + c.
        /* nothing written yet: y keeps what the harness put there */
    } else {
        /* p < T: back into the tile, then the chapter's contiguous block store. The
         * condition p >= T is the same for the whole group, so every item of it reaches
         * this barrier or none does. */
        u[2 * q * pitch + c] = v0;
        u[(2 * q + 1) * pitch + c] = v1;
        barrier(CLK_LOCAL_MEM_FENCE);
        size_t out = row + (size_t)t0 * R;
        for (int e = l; e < T * R; e += items) {
            int rem = e & (R * p - 1);
            int m = rem >> log2p, k = rem & (p - 1);
            int c2 = ((e >> (log2R + log2p)) << log2p) + k;
            y[out + e] = u[reverse_bits(m, log2R) * pitch + c2];
        }
    }
}
