/* 09_real_input, going further — the column pairs: --variant column_pairs (R2C, 1-D),
 * the twist moved from the last pass to the first (rfft_pairs_first, rfft_pairs_last).
 * Built after chapter 06's and 07's kernel files and in front of kernels/09_real_input.cl
 * (rh_conj, declared here).
 *
 * Notation: docs/notation.md */
static INLINE real2_t rh_conj(real2_t a);

/* ---------------------------------------------------------------- the column pairs */

/* --variant column_pairs (R2C, 1-D): the twist moved from the last pass to the first.
 * Split the real row's N = N1 N2 points as j = j2 + N2 j1 and k = k1 + N1 k2 (j1, k1 < N1;
 * j2, k2 < N2). Then
 *     X_(k1 + N1 k2) = sum_j2 w_N2^(j2 k2) w_N^(j2 k1) Y[j2][k1],
 *     Y[j2][k1]     = sum_j1 w_N1^(j1 k1) x_(j2 + N2 j1):
 * the N1-point FFT of the REAL column j2 (its values N2 apart), then an N2-point FFT per
 * k1. A real column's spectrum is Hermitian, so k1 = 0 .. N1/2 is all the second pass
 * needs, and two real columns make one complex column: read as M = N/2 complex values
 * (M is the notation page's H; the code's H below is half a pass's Q), the row has N2/2
 * complex columns z_(t + (N2/2) j1) = x_(2t + N2 j1) + i x_(2t+1 + N2 j1), and with
 * Z = DFT_N1(column t) the two real spectra come out of the pair (k1, N1 - k1) of ONE
 * column, which a work-group holds whole:
 *     Y[2t][k1] = (Z_k1 + conj Z_(N1-k1)) / 2,
 *     Y[2t+1][k1] = -i (Z_k1 - conj Z_(N1-k1)) / 2.
 * (The same two-for-one as rfft_post, on columns instead of on the row.) Pass 1 then does
 * the N2-point FFTs of the columns k1 = 0 .. N1/2 of Y; a bin past M is stored as the
 * conjugate of its mirror, X_(N-k) = conj X_k, so every bin 0 .. M is written once.
 * The twist costs no pass of its own and no work-group pairing: pass 0 pairs inside one
 * column, and pass 1's groups store their own columns' bins (runs of T, mirrored ones
 * backwards).
 * Y between the passes: rows of M values, Y[j2][k1] at j2 (N1/2) + k1 for 0 < k1 < N1/2,
 * and Y[j2][0] + i Y[j2][N1/2] (both real) at j2 (N1/2) + 0.
 * -D constants (chapters/09_real_input/pairs.c): RC_N (N), RC_LB (the lo bits of the
 * two-level table of w_N, which both passes use: w_Q^y = w_N^(y N/Q)), RC_P0 = the first
 * pass Q,p,I,T,radices (Q = N1, span p = 1), RC_P1 = the second (Q = N2, p = N1); the code
 * spells the span P. */
#if defined(RC_P0) && defined(RC_P1)
static INLINE void rc_first(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                            __global const real2_t *hi, __global const real2_t *lo, int rows,
                            const int N, const int lo_bits, const int Q, const int P, const int I,
                            const int T, const int r0, const int r1, const int r2, const int r3,
                            const int r4, const int r5, const int r6, const int r7, const int r8,
                            const int r9, const int r10, const int r11)
{
    const int M = N / 2, C = M / Q, H = Q / 2, cf = 1; /* C = N2/2 complex columns per row */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;
    const size_t ncols = (size_t)rows * C, col0 = (size_t)get_group_id(0) * T;
    const int valid = col0 + c < ncols;
    const size_t row = (col0 + c) / C;
    const int t = (int)((col0 + c) % C);
    real2_t v[FL_VMAX];
    {
        const int B0 = Q / r0, nb0 = (B0 + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)M + t;
        #pragma unroll
        for (int jb = 0; jb < nb0; jb++) {
            int b = i + jb * I;
            if (valid && (B0 % I == 0 || b < B0)) {
#define RC_LOAD_M(m) v[jb * r0 + m] = in[(size_t)(b + m * B0) * C];
                FOR_M(r0, RC_LOAD_M)
#undef RC_LOAD_M
            }
        }
    }
    PASS_STAGES
    /* the outputs into u. With 2 columns per group (long columns), column after column
     * (mixed_pass's first-pass layout): the split below reads each column's values in
     * order, without bank conflicts (H100, 2^20 x 16, --explain's means: 0.0732 -> 0.0704
     * ms). With more, interleaved as the exchanges have them, where the writes conflict less
     * (2^18 x 64, 8 columns: 0.1249 ms for the whole R2C against 0.1266; 2^16 x 256, 32
     * columns: 0.1201 against 0.1237). */
    const int rl = PASS_LAST_RADIX, B = Q / rl, nb = (B + I - 1) / I;
    const int by_column = T <= 2;
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (B % I == 0 || b < B) {
#define RC_STAGE_M(m)                                                                      \
    u[by_column ? padded(c * Q + b + m * B) : slot(b + m * B, c, Q, T, cf)] = v[jb * rl + m];
            FOR_M(rl, RC_STAGE_M)
#undef RC_STAGE_M
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* the split: item e does k1 = e mod H of the group's column e / H (neighbouring items,
     * neighbouring k1: each real column's H values are one run) */
    for (int e = l; e < T * H; e += I * T) {
        const int cc = e / H, k1 = e % H;
        if (col0 + cc >= ncols)
            continue;
        const int kz = k1 ? Q - k1 : H; /* Z_(N1-k1); Z_(N1/2) at k1 = 0 */
        const real2_t a = u[by_column ? padded(cc * Q + k1) : slot(k1, cc, Q, T, cf)];
        const real2_t z = u[by_column ? padded(cc * Q + kz) : slot(kz, cc, Q, T, cf)];
        real2_t ye, yo;
        if (k1 == 0) {
            ye = (real2_t)(a.x, z.x); /* Y[2t][0] + i Y[2t][N1/2]     */
            yo = (real2_t)(a.y, z.y); /* Y[2t+1][0] + i Y[2t+1][N1/2] */
        } else {
            const real2_t zc = rh_conj(z), d = a - zc;
            ye = (a + zc) * (real_t)0.5;
            yo = (real2_t)(d.y, -d.x) * (real_t)0.5;
        }
        const size_t r = (col0 + cc) / C;
        const int tc = (int)((col0 + cc) % C);
        __global real2_t *out = y + r * (size_t)M + (size_t)(2 * tc) * H;
        out[k1] = ye;
        out[H + k1] = yo;
    }
}

static INLINE void rc_last(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                           __global const real2_t *hi, __global const real2_t *lo, int rows,
                           const int N, const int lo_bits, const int Q, const int P, const int I,
                           const int T, const int r0, const int r1, const int r2, const int r3,
                           const int r4, const int r5, const int r6, const int r7, const int r8,
                           const int r9, const int r10, const int r11)
{
    const int M = N / 2, H = P / 2, cf = 1; /* P = N1; columns k1 = 0 .. H of Y per row */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;
    const size_t col = (size_t)get_group_id(0) * T + c;
    const int valid = col < (size_t)rows * (H + 1);
    const size_t row = col / (H + 1);
    const int k1 = (int)(col % (H + 1));
    real2_t v[FL_VMAX];
    {
        /* Y[j2][k1] (column k1 of Y, values H apart), times w_N^(j2 k1); columns 0 and
         * N1/2 are the real and imaginary parts of Y's column 0 */
        const int B0 = Q / r0, nb0 = (B0 + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)M + (k1 == H ? 0 : k1);
        #pragma unroll
        for (int jb = 0; jb < nb0; jb++) {
            int b = i + jb * I;
            if (valid && (B0 % I == 0 || b < B0)) {
#define RC_LAST_LOAD_M(m)                                                                  \
    {                                                                                      \
        const int j = b + m * B0;                                                          \
        real2_t a = in[(size_t)j * H];                                                     \
        if (k1 == 0)                                                                       \
            a.y = 0;                                                                       \
        else if (k1 == H)                                                                  \
            a = (real2_t)(a.y, 0);                                                         \
        if (k1)                                                                            \
            a = cmul(a, twiddle_lookup(j * k1, hi, lo, lo_bits));                          \
        v[jb * r0 + m] = a;                                                                \
    }
                FOR_M(r0, RC_LAST_LOAD_M)
#undef RC_LAST_LOAD_M
            }
        }
    }
    PASS_STAGES
    /* X_(k1 + N1 k2) = output k2 of column k1: bins up to M as they are; a bin k past M
     * as the conjugate at its mirror N - k = (N1 - k1) + N1 (N2 - 1 - k2), a bin of column
     * N1 - k1 (X_(N-k) = conj X_k); columns 0 and N1/2 only their own half (k2 <= N2/2,
     * and < N2/2) */
    const int rl = PASS_LAST_RADIX, B = Q / rl, nb = (B + I - 1) / I;
    __global real2_t *out = y + row * (size_t)(M + 1);
    if (valid) {
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (B % I == 0 || b < B) {
#define RC_STORE_M(m)                                                                      \
    {                                                                                      \
        const int k2 = b + m * B;                                                          \
        const real2_t X = v[jb * rl + m];                                                  \
        if (k2 < Q / 2 || (k1 == 0 && k2 == Q / 2))                                        \
            out[(size_t)k2 * P + k1] = X;                                                  \
        else if (k1 > 0 && k1 < H)                                                         \
            out[(size_t)(Q - 1 - k2) * P + (P - k1)] = rh_conj(X);                         \
    }
                FOR_M(rl, RC_STORE_M)
#undef RC_STORE_M
            }
        }
    }
}

/* Contract (rfft_pairs_first, rfft_pairs_last: --variant column_pairs, R2C only)
 *   work-items : 1-D; first: groups of RC_P0's I*T items, group g does complex columns
 *                g*T .. g*T + T-1 of the ROWS x N2/2; last: groups of RC_P1's I*T, group g
 *                columns g*T .. of Y's ROWS x (N1/2 + 1); past the end, only barriers
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (w_N's table: lo, then hi
 *                at 2^RC_LB), ROWS
 *   reads      : first: x[row*M + t + j*N2/2], j < N1 (the reals as complex pairs), once;
 *                last: x[row*M + j2*N1/2 + k1] (Y), every j2 < N2 of its columns, once (column
 *                0 twice: for k1 = 0 and N1/2)
 *   writes     : first: y[row*M + j2*N1/2 + k1] (Y), every value of its 2T real columns,
 *                once; last: y[row*(M+1) + k] (X), every bin k <= M of the row once
 *   host calls : rfft_pairs_first (A -> B), then rfft_pairs_last (B -> A). */
__kernel void rfft_pairs_first(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                               __global const real2_t *tw, int rows)
{
    rc_first(x, y, u, tw + (1 << RC_LB), tw, rows, RC_N, RC_LB, RC_P0);
}

__kernel void rfft_pairs_last(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *tw, int rows)
{
    rc_last(x, y, u, tw + (1 << RC_LB), tw, rows, RC_N, RC_LB, RC_P1);
}
#endif
