/* Exercise 04_coalescing/tile_index — the tile's addresses, without padding.
 *
 * fft_tile is chapter 04's tiled radix-R pass (the chapter's fft_coalesced) with one
 * piece of index arithmetic left to you:
 *
 *   tile_at(m, c, T): where entry (row m, column c) of the R x T tile lives in u. Column c
 *   holds butterfly t0 + c, row m its value m. The host gives u exactly R*T values, no
 *   padding column (the chapter's kernel has one: rows T + 1 apart), so every entry must
 *   have its own place in [0, R*T), and the tile must still cause no more bank conflicts
 *   than the padded one: a walk along a row and a walk down a column both spread over
 *   the banks (32 banks of 4 bytes: 16 float2 entries served at once).
 *
 * The pass (same arithmetic as chapters 03 and 04), butterfly t, k = t mod p:
 *     v[m] = x[t + m*(n/R)] * exp(sign*2*pi*i*m*k/(R*p)),  V = DFT_R(v),
 *     y[(t-k)*R + k + m*p] = V[m]
 * After the in-place stages, V[m] of butterfly t0 + c is at tile row reverse_bits(m).
 *
 * Contract
 *   work-items : global (n/2, batch), local (T*R/2, 1); R and T powers of two, T <= 16,
 *                T divides n/R. Group g does butterflies t0 = g*T .. t0+T-1 of row
 *                get_global_id(1).
 *   local      : u, R*T complex values; roots, R/2 complex values
 *   reads      : x[row*n + t0 + c + m*(n/R)] for all m < R, c < T (runs of T)
 *   writes     : y[row*n + (t-k)*R + k + m*p] for the group's T butterflies: runs of T
 *                consecutive values (p >= T) or one contiguous block of T*R (p < T)
 *   host calls : p = 1, then p *= R after each launch (R may differ per launch), swapping
 *                x and y, until p = n.
 *
 * Yours to work out: a layout of the R x T entries in R*T places where 16 neighbouring
 * entries of a row, and 16 of a column, fall in 16 different banks as far as the padded
 * layout manages. Graded by build/04_tile_probe. Hints, one step at a time:
 * exercises/04_coalescing/README.md. */

/* Position of tile entry (row m, column c) in u. */
int tile_at(int m, int c, int T)
{
    // TODO(exercise): The address of tile entry (row m, column c) in u: R*T places, no padding, few bank conflicts.
    return c; /* placeholder: every row in the same place (wrong) */
}

__kernel void fft_tile(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                       __local real2_t *roots, int p, int R, int T, int sign)
{
    int log2R = 31 - clz(R), log2T = 31 - clz(T), log2p = 31 - clz(p);
    int items = T * R / 2;
    int l = get_local_id(0);
    int t0 = get_group_id(0) * T;
    int stride = get_global_size(0) * 2 / R;    /* n / R */
    size_t row = (size_t)get_global_id(1) * stride * R;
    const real_t scale = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)(R * p);

    /* Load: T neighbouring items read T neighbouring addresses (row m of the tile). */
    for (int e = l; e < T * R; e += items) {
        int m = e >> log2T, c = e & (T - 1);
        int k = (t0 + c) & (p - 1);
        real2_t v = x[row + t0 + c + (size_t)m * stride];
        u[tile_at(m, c, T)] = cmul(v, cexpi(scale * (real_t)(m * k)));
    }
    if (l < R / 2)
        roots[l] = cexpi((real_t)(sign * 2.0 * FFTLAB_PI) * (real_t)l / (real_t)R);
    barrier(CLK_LOCAL_MEM_FENCE);

    /* The in-place stages down column c, pair index q (as in chapter 04). */
    int c = l & (T - 1), q = l >> log2T;
    for (int h = R / 2, shift = 0; h >= 1; h >>= 1, shift++) {
        int d = q & (h - 1);
        int i0 = ((q - d) << 1) + d;
        real2_t a = u[tile_at(i0, c, T)];
        real2_t b = u[tile_at(i0 + h, c, T)];
        u[tile_at(i0, c, T)] = a + b;
        u[tile_at(i0 + h, c, T)] = cmul(a - b, roots[d << shift]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (p >= T) {
        /* T consecutive butterflies have T consecutive k: output m of all of them is a run
         * of T consecutive addresses. Item e writes output m = e / T of column e mod T. */
        int k0 = t0 & (p - 1);
        size_t out = row + (size_t)(t0 - k0) * R + k0;
        for (int e = l; e < T * R; e += items) {
            int m = e >> log2T, c2 = e & (T - 1);
            y[out + c2 + (size_t)m * p] = u[tile_at(reverse_bits(m, log2R), c2, T)];
        }
    } else {
        /* The group's outputs fill y[t0*R .. (t0+T)*R) without a gap; item e writes
         * position e of that block and looks up which (m, c2) belongs there. */
        size_t out = row + (size_t)t0 * R;
        for (int e = l; e < T * R; e += items) {
            /* Butterfly t0 + c2 = (t0 + c2 - k) + k writes y[(t0 + c2 - k)*R + k + m*p].
             * With p < T, the T butterflies form T/p blocks of p (k = 0 .. p-1), and
             * block b fills R*p consecutive positions: e = b*R*p + m*p + k. */
            int rem = e & (R * p - 1);
            int m = rem >> log2p, k = rem & (p - 1);
            int c2 = ((e >> (log2R + log2p)) << log2p) + k;
            y[out + e] = u[tile_at(reverse_bits(m, log2R), c2, T)];
        }
    }
}
