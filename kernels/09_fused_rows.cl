/* 09_real_input, going further — the fused rows: --variant fused where the rows of M
 * values take one pass, the twist inside the row pass (rfft_rows_fused, irfft_rows_fused).
 * Built after chapter 06's and 07's kernel files and in front of kernels/09_real_input.cl,
 * whose twists it calls (declared here) and whose -D constants it uses.
 *
 * Notation: docs/notation.md (M = N/2 is its H, as in kernels/09_real_input.cl) */
#ifndef RH_OS
#define RH_OS (RH_M + 1) /* as kernels/09_real_input.cl: rows of M + 1 bins */
#endif
static INLINE void post_twist_pair(real2_t a, real2_t b, real2_t w, real2_t *xk, real2_t *xmk);
static INLINE void pre_twist_pair(real2_t a, real2_t b, real2_t w, int k, real2_t *zk,
                                  real2_t *zmk);

/* ---------------------------------------------------------------- the fused rows */

/* --variant fused, when the rows of M values take one pass (M <= 4096 in fp32): the row
 * pass and the twist in one kernel, so the data is read and written once less. The row
 * pass is chapter 06's single-pass case (mixed_pass with P = 1: a group holds T whole
 * rows, I items each, the stages trade values through local memory u); what changes is
 * only its two ends:
 *   R2C: the stages' outputs go to u instead of global memory; then every item twists
 *        pairs (k, M - k), k = i, i + I, ... <= M/2, of its row from u into X.
 *   C2R: every item first untwists pairs of its row from X into u; the stages then load
 *        from u (conjugated: the inverse FFT) instead of global memory.
 * Built only when the x axis has exactly one pass (Ax_P0 and no Ax_P1). */
#if defined(Ax_P0) && !defined(Ax_P1)
static INLINE void rows_twist(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *hi, __global const real2_t *lo,
                              __global const real2_t *w, int rows, const int inverse, const int N,
                              const int lo_bits, const int Q, const int P, const int I, const int T,
                              const int r0, const int r1, const int r2, const int r3, const int r4,
                              const int r5, const int r6, const int r7, const int r8, const int r9,
                              const int r10, const int r11)
{
    const int M = N;                       /* one pass: Q = N = M, P = 1 */
    const int cf = 0;                      /* a row's items are neighbours (exchange's layout) */
    const int l = get_local_id(0);
    const int c = l / I, i = l % I;
    const size_t row = (size_t)get_group_id(0) * T + c;
    const int valid = row < (size_t)rows;
    real2_t v[FL_VMAX];

    /* The twist's pairs are the group's, not a row's: pair e of the T rows' T*(M/2 + 1)
     * is row e / (M/2 + 1)'s k = e mod (M/2 + 1), and item l takes e = l, l + I*T, ...,
     * so neighbouring items touch neighbouring bins of one row: a warp reads or writes
     * runs of 32 bins, not runs of I per row. Measured on the H100 (NOTES.md): R2C gains
     * at every size tried; C2R where a row has fewer than 32 items, and loses 4 % where it
     * has 128 (rows of 2048), so there each row's items untwist their own row (own). */
    const int pairs = M / 2 + 1, own = inverse && I >= 32;
    if (inverse) {
        /* the twist undone, pairs of the group's rows from X (rows of M + 1) into u */
        for (int e = own ? i : l; e < (own ? pairs : T * pairs); e += own ? I : I * T) {
            const int ce = own ? c : e / pairs, k = own ? e : e - ce * pairs;
            const size_t re = (size_t)get_group_id(0) * T + ce;
            if (re < (size_t)rows) {
                __global const real2_t *Xr = x + re * (size_t)RH_OS;
                real2_t zk, zmk;
                pre_twist_pair(Xr[k], Xr[M - k], w[k], k, &zk, &zmk);
                u[slot(k, ce, Q, T, cf)] = zk;
                if (k > 0)
                    u[slot(M - k, ce, Q, T, cf)] = zmk;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    /* load: the first stage's butterfly b takes values j = b + m*(Q/r0) (no pass twiddle:
     * P = 1); conjugated for the inverse */
    {
        const int B = Q / r0, nb = (B + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)M;
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (valid && (B % I == 0 || b < B)) {
#define RH_LOAD_M(m)                                                                       \
    {                                                                                      \
        int j = b + m * B;                                                                 \
        real2_t a = inverse ? u[slot(j, c, Q, T, cf)] : in[j];                             \
        if (inverse)                                                                       \
            a.y = -a.y;                                                                    \
        v[jb * r0 + m] = a;                                                                \
    }
                FOR_M(r0, RH_LOAD_M)
#undef RH_LOAD_M
            }
        }
    }
    if (inverse)
        barrier(CLK_LOCAL_MEM_FENCE);      /* every load from u before the stages reuse it */

    /* the stages, as in mixed_pass */
    PASS_STAGES

    /* after the last stage (radix rl) butterfly b holds outputs j = b + m*(Q/rl) */
    const int rl = PASS_LAST_RADIX;
    const int B = Q / rl, nb = (B + I - 1) / I;
    if (inverse) {
        /* the row, conjugated back (the inverse), read as 2M reals */
        __global real2_t *out = y + row * (size_t)M;
        if (valid) {
            #pragma unroll
            for (int jb = 0; jb < nb; jb++) {
                int b = i + jb * I;
                if (B % I == 0 || b < B) {
#define RH_STORE_M(m) out[b + m * B] = (real2_t)(1, -1) * v[jb * rl + m];
                    FOR_M(rl, RH_STORE_M)
#undef RH_STORE_M
                }
            }
        }
        return;
    }
    /* R2C: Z into u (the last exchange's reads are behind its barrier), then the twist */
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (B % I == 0 || b < B) {
#define RH_STAGE_M(m) u[slot(b + m * B, c, Q, T, cf)] = v[jb * rl + m];
            FOR_M(rl, RH_STAGE_M)
#undef RH_STAGE_M
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int e = l; e < T * pairs; e += I * T) {
        const int ce = e / pairs, k = e - ce * pairs;
        const size_t re = (size_t)get_group_id(0) * T + ce;
        if (re < (size_t)rows) {
            __global real2_t *Xr = y + re * (size_t)RH_OS;
            real2_t xk, xmk;
            post_twist_pair(u[slot(k, ce, Q, T, cf)], u[slot(k ? M - k : 0, ce, Q, T, cf)], w[k],
                            &xk, &xmk);
            Xr[k] = xk;
            Xr[M - k] = xmk;
        }
    }
    /* the pad of a padded row, zeros: a memory sector written whole costs less than one
     * written in part (07_multidim.cl, padded_addresses) */
    const int pad = RH_OS - (M + 1), pad_div = pad > 0 ? pad : 1;
    for (int e = l; e < T * pad; e += I * T) {
        const int ce = e / pad_div;
        const size_t re = (size_t)get_group_id(0) * T + ce;
        if (re < (size_t)rows)
            y[re * (size_t)RH_OS + M + 1 + (e - ce * pad_div)] = (real2_t)(0, 0);
    }
}

/* Contract (rfft_rows_fused, irfft_rows_fused: --variant fused, the x axis in one pass)
 *   work-items : 1-D, groups of I*T items (Ax_P0's I and T): T rows per group, I items
 *                per row; rows past ROWS load and store nothing but take the barriers
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (the x axis's table: lo,
 *                then hi at 2^Ax_LB), w (the twist's w_N^k, k <= M/2), ROWS
 *   reads      : rfft: x[row*M + j], j < M, once (the packed reals); irfft: x[row*RH_OS
 *                + k], k <= M, once (the half spectrum)
 *   writes     : rfft: y[row*RH_OS + k], every k <= M (twice, equal, at M/2), and zeros
 *                for M < k < RH_OS; irfft:
 *                y[row*M + j], every j < M, once (the reals, times N)
 *   host calls : rfft_rows_fused first, then the outer axes' passes on the half spectrum;
 *                irfft_rows_fused last, after the outer axes' inverse passes. */
__kernel void rfft_rows_fused(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *tw, __global const real2_t *w, int rows)
{
    rows_twist(x, y, u, tw + (1 << Ax_LB), tw, w, rows, 0, Ax_N, Ax_LB, Ax_P0);
}

__kernel void irfft_rows_fused(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                               __global const real2_t *tw, __global const real2_t *w, int rows)
{
    rows_twist(x, y, u, tw + (1 << Ax_LB), tw, w, rows, 1, Ax_N, Ax_LB, Ax_P0);
}
#endif
