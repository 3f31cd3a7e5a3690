/* 09_real_input — real input: the twist that turns a half-length complex FFT into the
 * spectrum of N reals (R2C), and its inverse (C2R).
 *
 * A row of N reals x_0 .. x_(N-1) (N even) has a Hermitian spectrum, X_(N-k) = conj X_k,
 * so X_0 .. X_(N/2) say everything: N/2 + 1 complex values (FFTW's r2c layout,
 * numpy.fft.rfft's). Write M = N/2 and read the row as M complex values
 *     z_j = x_(2j) + i x_(2j+1),   j = 0 .. M-1
 * (nothing moves: N reals in memory ARE M complex values). The host's plan does the
 * M-point complex FFT of every such row with chapter 06's passes (through
 * kernels/07_multidim.cl, planned by common/axis_plan.c), Z = DFT_M(z), and then this
 * file's rfft_post. With E = DFT_M(x_even) and O = DFT_M(x_odd), Z_k = E_k + i O_k and,
 * because E and O are spectra of real rows, conj Z_(M-k) = E_k - i O_k (indices mod M):
 *     E_k = (Z_k + conj Z_(M-k)) / 2,   O_k = -i (Z_k - conj Z_(M-k)) / 2
 *     X_k = E_k + w_N^k O_k,   k = 0 .. M          (w_N = exp(-2 pi i / N))
 * the last step of a radix-2 FFT (decimation in time). One work-item does the pair
 * (k, M - k): both need the same two loads, and
 *     X_(M-k) = conj(E_k - w_N^k O_k)
 * (w_N^(M-k) = -conj w_N^k), so one twiddle serves both.
 *
 * C2R runs the other way: irfft_pre recovers E_k and O_k from X_k and conj X_(M-k),
 *     E_k = X_k + conj X_(M-k),   O_k = conj(w_N^k) (X_k - conj X_(M-k))
 * (twice the values above: the M-point inverse FFT then gives N x, FFTW's unnormalized
 * c2r), writes Z_k = E_k + i O_k, and the host runs the inverse M-point FFT; its result,
 * read as 2M reals, is the row. The imaginary parts of X_0 and X_M are ignored (a real
 * row's are 0; FFTW's c2r and numpy.fft.irfft drop them too).
 *
 * 2-D and 3-D arrays (numpy.fft.rfftn's layout, the last axis halved): the rows along x
 * as above, the twist writes rows of M + 1 values into the other buffer, then the y and z
 * axes of the (..., M + 1) array by 07's column passes. C2R: the inverse y and z passes
 * first, then irfft_pre, then the inverse M-point rows.
 *
 * Built after kernels/06_passes.cl, 05_register_radix.cl, 06_mixed_radix.cl and
 * 07_multidim.cl (the passes; cmul comes from fftlab.clh); --kernels FILE replaces this
 * file only. -D constants from the host (the .c files of chapters/09_real_input):
 *     RH_M        M = N/2, complex values per packed row (N = the real rows' length)
 *     RH_PAIRS    M/2 + 1: the pairs (k, M - k), k = 0 .. M/2, one work-item each
 *     RH_OS       the fused rows' half spectrum: rows of M + 1 bins RH_OS apart (default
 *                 M + 1; 3-D pads them, see padded_addresses in 07_multidim.cl)
 * The twiddles w_N^k, k = 0 .. M/2, come from a table the host computes in double.
 *
 * Sources: the packing of two real sequences into one complex FFT and the "two for one"
 * split are classic (Cooley, Lewis and Welch, 1970; Numerical Recipes, 12.3 "FFT of real
 * functions"); FFTW's r2c/c2r layout; the one-work-item-per-pair arrangement is this
 * tutorial's. */

#ifndef RH_M
#error "RH_M is not defined: build through the harness (chapters/09_real_input/main.c passes -D RH_M=...)"
#endif
#ifndef RH_OS
#define RH_OS (RH_M + 1)
#endif

static INLINE real2_t rh_conj(real2_t a)
{
    return (real2_t)(a.x, -a.y);
}

/* The twist of one pair: from A = Z_k, B = Z_((M-k) mod M) and W = w_N^k, the bins
 * *XK = X_k and *XMK = X_(M-k) (rfft_post, the fused and the paired row passes call it).
 * --variant post_twist builds the student's version (exercises/09_real_input/post_twist.cl)
 * in place of this block. */
#ifndef FL_EXERCISE_POST_TWIST
static INLINE void post_twist_pair(real2_t a, real2_t b, real2_t w, real2_t *xk, real2_t *xmk)
{
    const real2_t bc = rh_conj(b);                /* conj Z_(M-k) */
    const real2_t e = (a + bc) * (real_t)0.5;      /* E_k: the even samples' spectrum */
    const real2_t d = (a - bc) * (real_t)0.5;      /* i O_k */
    const real2_t wo = cmul(w, (real2_t)(d.y, -d.x)); /* w_N^k O_k, O_k = -i d */
    *xk = e + wo;
    *xmk = rh_conj(e - wo);
}
#endif

/* The twist undone for one pair: from A = X_k, B = X_(M-k) and W = w_N^k, *ZK = Z_k and
 * *ZMK = Z_(M-k), times 2. At k = 0 (the pair DC, Nyquist) the imaginary parts of A and
 * B are dropped: a real row's are 0, and FFTW's c2r and numpy's irfft ignore them. */
static INLINE void pre_twist_pair(real2_t a, real2_t b, real2_t w, int k, real2_t *zk, real2_t *zmk)
{
    b = rh_conj(b);
    if (k == 0) {
        a.y = 0;
        b.y = 0;
    }
    const real2_t e = a + b;                      /* 2 E_k */
    const real2_t o = cmul(rh_conj(w), a - b);    /* 2 O_k */
    *zk = e + (real2_t)(-o.y, o.x);               /* E_k + i O_k */
    *zmk = rh_conj(e) + (real2_t)(o.y, o.x);      /* conj E_k + i conj O_k */
}

/* Contract (rfft_post: R2C's post-processing twist)
 *   work-items : 1-D, any group size; item g does pair k = g mod RH_PAIRS of row
 *                g / RH_PAIRS; items past ROWS x RH_PAIRS do nothing
 *   args       : z (ROWS rows of RH_M complex values: the M-point FFTs of the packed
 *                rows), X (ROWS rows of RH_M + 1: the half spectra), w (w_N^k for
 *                k = 0 .. RH_M/2, N = 2 RH_M), ROWS (the batch x the outer axes' points)
 *   reads      : z[row*M + k] and z[row*M + (M - k) mod M], once each per item (the pair
 *                k = M/2 reads the same value twice)
 *   writes     : X[row*(M+1) + k] and X[row*(M+1) + M - k], every bin 0 .. M once (at
 *                k = M/2 both are the same bin, with the same value)
 *   host calls : after the M-point passes along x; then the passes of the outer axes on
 *                the (..., M + 1) array. z and X are different buffers. */
__kernel void rfft_post(__global const real2_t *z, __global real2_t *X, __global const real2_t *w,
                        int rows)
{
    const int M = RH_M;
    const size_t g = get_global_id(0);
    if (g >= (size_t)rows * RH_PAIRS)
        return;
    const size_t row = g / RH_PAIRS;
    const int k = (int)(g - row * RH_PAIRS);
    __global const real2_t *zr = z + row * M;
    __global real2_t *Xr = X + row * (M + 1);
    real2_t xk, xmk;
    post_twist_pair(zr[k], zr[k ? M - k : 0], w[k], &xk, &xmk); /* Z_M is Z_0 */
    Xr[k] = xk;
    Xr[M - k] = xmk;
}

/* Contract (irfft_pre: C2R's pre-processing, the twist undone)
 *   work-items : as rfft_post
 *   args       : X (ROWS rows of RH_M + 1 values: half spectra), z (ROWS rows of RH_M),
 *                w (as rfft_post), ROWS
 *   reads      : X[row*(M+1) + k] and X[row*(M+1) + M - k] (the imaginary parts of bins
 *                0 and M are not used)
 *   writes     : z[row*M + k], and z[row*M + M - k] for k > 0: every value 0 .. M-1 once
 *                (twice, equal, at k = M/2)
 *   host calls : after the inverse passes of the outer axes (on the (..., M + 1) array),
 *                before the inverse M-point passes along x, whose result read as 2M reals
 *                per row is N times the real rows (unnormalized, as FFTW's c2r). */
__kernel void irfft_pre(__global const real2_t *X, __global real2_t *z, __global const real2_t *w,
                        int rows)
{
    const int M = RH_M;
    const size_t g = get_global_id(0);
    if (g >= (size_t)rows * RH_PAIRS)
        return;
    const size_t row = g / RH_PAIRS;
    const int k = (int)(g - row * RH_PAIRS);
    __global const real2_t *Xr = X + row * (M + 1);
    __global real2_t *zr = z + row * M;
    real2_t zk, zmk;
    pre_twist_pair(Xr[k], Xr[M - k], w[k], k, &zk, &zmk);
    zr[k] = zk;
    if (k > 0)
        zr[M - k] = zmk;
}

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

/* ---------------------------------------------------------------- the paired pass */

/* --variant fused, when the rows of M values take several passes: the twist inside the
 * x axis's last pass (R2C) or its first (C2R). In such a pass a row's C = M/Q columns
 * each hold the values at one index mod C: column t holds Z_(t + j C), j < Q. The mirror
 * of value t + jC is M - t - jC = (C - t) + (Q - 1 - j) C, in column C - t: columns t and
 * C - t hold each other's mirrors (columns 0 and C/2 their own). So a group that takes
 * both has every pair (k, M - k) the twist needs, and the pass can twist in local memory
 * instead of writing Z for a pass of its own to read. A group of T >= 2h columns
 * takes h of them, t = first .. first + h - 1 < C/2 (lanes c < h), and their mirrors
 * (lanes h + c), with the mirror of column 0 replaced by column C/2, which no other
 * group has: the ceil(C/2 / h) groups of a row take all C columns once (C even).
 *
 * pair_unit: the pairs of such a group, numbered e = 0 .. hQ - 1 (one more in the group
 * with first = 0). Returns the pair's k <= M/2; Z_k is value *JA of the group's column
 * slot *SA, Z_((M-k) mod M) value *JB of slot *SB, and *WK = w_N^k from the twist's
 * table W. Neighbouring e take neighbouring columns, so neighbouring items touch
 * neighbouring bins. */
static INLINE int pair_unit(int e, int first, const int h, const int Q, const int C, int *sa,
                            int *ja, int *sb, int *jb, __global const real2_t *w, real2_t *wk)
{
    const int M = Q * C;
    const int cc = e % h;
    int j = e / h, t = first + cc, near = 1, kk;
    if (t > 0) {
        const int k = t + j * C;                     /* column t, value j                 */
        near = k <= M - k;                           /* the pair's lower bin is this one  */
        *sa = near ? cc : cc + h;
        *ja = near ? j : Q - 1 - j;
        *sb = near ? cc + h : cc;
        *jb = near ? Q - 1 - j : j;
        kk = near ? k : M - k;
    } else if (j <= Q / 2) {
        /* column 0 (slot 0: pairs (jC, M - jC), j <= Q/2) and column C/2 (slot h: pairs
         * (C/2 + jC, M - C/2 - jC), j < Q/2 rounded up): Q + 1 pairs in all */
        *sa = *sb = 0;
        *ja = j;
        *jb = j ? Q - j : 0;
        kk = j * C;
    } else {
        j -= Q / 2 + 1;
        t = C / 2;
        *sa = *sb = h;
        *ja = j;
        *jb = Q - 1 - j;
        kk = t + j * C;
    }
    /* w_N^(t + jC) = w_N^t w_N^(jC): two reads from the table's first C values and its
     * multiples of C (few, so cached), not one from anywhere in it (measured on the H100
     * at 2^20 x 16: the C2R pass 0.102 -> 0.096 ms); w_N^(M - k) = -conj w_N^k */
    const real2_t wt = w[t];
    const real2_t wjc = j <= Q / 2 ? w[j * C] : -rh_conj(w[(Q - j) * C]);
    const real2_t wkk = cmul(wt, wjc);
    *wk = near ? wkk : -rh_conj(wkk);
    return kk;
}

/* One pass (Q, P) of the x axis with the twist (R2C, the last pass: P = C) or the twist
 * undone (C2R, the first pass: P = 1); see rfft_rows_paired below. */
static INLINE void paired_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                               __global const real2_t *hi, __global const real2_t *lo,
                               __global const real2_t *w, const int inverse, const int N,
                               const int lo_bits, const int Q, const int P, const int I,
                               const int T, const int r0, const int r1, const int r2, const int r3,
                               const int r4, const int r5, const int r6, const int r7, const int r8,
                               const int r9, const int r10, const int r11)
{
    const int M = N, C = N / Q, mid = C / 2, cf = 1; /* cf: exchange's layout */
    const int h = T / 2;                          /* lanes c >= 2h (T odd) idle        */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;
    const int groups_per_row = (mid + h - 1) / h;
    const size_t row = get_group_id(0) / groups_per_row;
    const int first = (int)(get_group_id(0) % groups_per_row) * h;
    const int tc = first + c % h;
    const int valid = c < 2 * h && tc < mid;     /* the row's last group may be short */
    const int t = c < h ? tc : tc ? C - tc : mid; /* this lane's column                */
    const int k = t % P;                          /* the pass twiddle's k              */
    const int units = h * Q + (first == 0);
    real2_t v[FL_VMAX];

    if (inverse) {
        /* the twist undone: pairs of the group's columns from X (rows of M + 1) into u */
        __global const real2_t *Xr = x + row * (M + 1);
        for (int it = 0; it < (h * Q + I * T) / (I * T); it++) {
            const int e = l + it * I * T;
            if (e >= units || first + e % h >= mid)
                continue;
            int sa, ja, sb, jb;
            real2_t wk, zk, zmk;
            const int kk = pair_unit(e, first, h, Q, C, &sa, &ja, &sb, &jb, w, &wk);
            pre_twist_pair(Xr[kk], Xr[M - kk], wk, kk, &zk, &zmk);
            u[slot(ja, sa, Q, T, cf)] = zk;
            if (kk > 0)
                u[slot(jb, sb, Q, T, cf)] = zmk;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    /* load: the first stage's butterfly b takes values j = b + m*(Q/r0) of column t (from
     * u for C2R, conjugated: the inverse), times the pass twiddle as in mixed_pass */
    {
        const int B = Q / r0, nb = (B + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)N + t;
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (valid && (B % I == 0 || b < B)) {
#define RH_PAIRED_LOAD_M(m)                                                                \
    {                                                                                      \
        int j = b + m * B;                                                                 \
        real2_t a = inverse ? u[slot(j, c, Q, T, cf)] : in[(size_t)j * C];                 \
        if (inverse)                                                                       \
            a.y = -a.y;                                                                    \
        if (P > 1)                                                                         \
            a = cmul(a, twiddle_lookup(j * k * (N / (Q * P)), hi, lo, lo_bits));           \
        v[jb * r0 + m] = a;                                                                \
    }
                FOR_M(r0, RH_PAIRED_LOAD_M)
#undef RH_PAIRED_LOAD_M
            }
        }
    }
    if (inverse)
        barrier(CLK_LOCAL_MEM_FENCE); /* every load from u before the stages reuse it */

    PASS_STAGES

    /* the column's outputs into u (the last exchange's reads are behind its barrier) */
    const int rl = PASS_LAST_RADIX;
    const int B = Q / rl, nb = (B + I - 1) / I;
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (valid && (B % I == 0 || b < B)) {
#define RH_PAIRED_STAGE_M(m) u[slot(b + m * B, c, Q, T, cf)] = v[jb * rl + m];
            FOR_M(rl, RH_PAIRED_STAGE_M)
#undef RH_PAIRED_STAGE_M
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (inverse) {
        /* a first pass of several: column t's outputs go to t*Q + j of the row, each
         * column's Q values in one run */
        __global real2_t *out = y + row * (size_t)N;
        for (int e = l; e < 2 * h * Q; e += I * T) {
            const int s = e / Q, j = e % Q;
            const int ts = first + s % h;
            const int col = s < h ? ts : ts ? C - ts : mid;
            if (ts < mid)
                out[(size_t)col * Q + j] = u[slot(j, s, Q, T, cf)];
        }
        return;
    }
    /* R2C: the twist of the group's pairs, from u into X (rows of M + 1) */
    __global real2_t *Xr = y + row * (M + 1);
    for (int it = 0; it < (h * Q + I * T) / (I * T); it++) {
        const int e = l + it * I * T;
        if (e >= units || first + e % h >= mid)
            continue;
        int sa, ja, sb, jb;
        real2_t wk, xk, xmk;
        const int kk = pair_unit(e, first, h, Q, C, &sa, &ja, &sb, &jb, w, &wk);
        post_twist_pair(u[slot(ja, sa, Q, T, cf)], u[slot(jb, sb, Q, T, cf)], wk, &xk, &xmk);
        Xr[kk] = xk;
        Xr[M - kk] = xmk;
    }
}

/* R2C's paired pass in two sweeps (-D RH_PAIR_SWEEPS=2; the host picks it when local
 * memory has room for Q values more than the pass's T columns). paired_pass above gives a
 * group h = T/2 columns and their mirrors, so its stores are runs of h bins (4 at
 * Q = 512: 32 bytes), in rows of M + 1 values, whose odd length starts most runs off a
 * 32-byte sector: on the H100 that pass took 0.100 ms at 2^20 x 16 against 0.064 for the
 * plain last pass. Here a group takes T columns t = first .. first + T - 1 < C/2 AND
 * their T mirrors, in two sweeps of the same T lanes: sweep A does lane c's column t and
 * keeps its Q/I outputs in registers (va); sweep B does the mirror C - t (C/2 for
 * column 0) and leaves its outputs in local memory. Value j of column t pairs with value
 * Q - 1 - j of column C - t, which sits in the same lane's slot of u, so each item twists
 * the pairs of the values it holds and stores X_k and X_(M-k): runs of T bins (8 at
 * Q = 512: 64 bytes), twice as long. Column 0 and C/2 (the first group's lane 0) pair
 * with themselves: j with Q - j, and j with Q - 1 - j; sweep A's column 0 goes to the
 * extra Q slots U0 for that. C2R keeps the one-sweep paired_pass. */
static INLINE void paired_sweeps(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                                 __global const real2_t *hi, __global const real2_t *lo,
                                 __global const real2_t *w, const int N, const int lo_bits,
                                 const int Q, const int P, const int I, const int T, const int r0,
                                 const int r1, const int r2, const int r3, const int r4,
                                 const int r5, const int r6, const int r7, const int r8,
                                 const int r9, const int r10, const int r11)
{
    const int M = N, C = N / Q, mid = C / 2, cf = 1; /* cf: exchange's layout */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;
    const int groups_per_row = (mid + T - 1) / T;
    const size_t row = get_group_id(0) / groups_per_row;
    const int ta = (int)(get_group_id(0) % groups_per_row) * T + c; /* sweep A's column */
    const int valid = ta < mid;                 /* the row's last group may be short */
    const int zero = ta == 0;                   /* columns 0 and C/2                 */
    __local real2_t *u0 = u + T * Q + T * Q / 16; /* column 0's outputs (after u)    */
    const int rl = PASS_LAST_RADIX, B = Q / rl, nb = (B + I - 1) / I;
    real2_t v[FL_VMAX], va[FL_VMAX];

    for (int s = 0; s < 2; s++) {
        const int t = s == 0 ? ta : zero ? mid : C - ta; /* this sweep's column */
        /* load: as mixed_pass, values j = b + m*(Q/r0) of column t times the twiddle */
        const int B0 = Q / r0, nb0 = (B0 + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)N + t;
        #pragma unroll
        for (int jb = 0; jb < nb0; jb++) {
            int b = i + jb * I;
            if (valid && (B0 % I == 0 || b < B0)) {
#define RH_SWEEP_LOAD_M(m)                                                                 \
    {                                                                                      \
        int j = b + m * B0;                                                                \
        real2_t a = in[(size_t)j * C];                                                     \
        if (P > 1)                                                                         \
            a = cmul(a, twiddle_lookup(j * t * (N / (Q * P)), hi, lo, lo_bits));           \
        v[jb * r0 + m] = a;                                                                \
    }
                FOR_M(r0, RH_SWEEP_LOAD_M)
#undef RH_SWEEP_LOAD_M
            }
        }

        PASS_STAGES

        if (s == 0) {
            /* sweep A's outputs stay in registers (column 0's also in u0) */
            #pragma unroll
            for (int jb = 0; jb < nb; jb++) {
                int b = i + jb * I;
                if (valid && (B % I == 0 || b < B)) {
#define RH_SWEEP_KEEP_M(m)                                                                 \
    va[jb * rl + m] = v[jb * rl + m];                                                      \
    if (zero)                                                                              \
        u0[b + m * B] = v[jb * rl + m];
                    FOR_M(rl, RH_SWEEP_KEEP_M)
#undef RH_SWEEP_KEEP_M
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE); /* sweep A's last reads of u before B's writes */
        }
    }
    /* sweep B's outputs (the mirror columns) into u */
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (valid && (B % I == 0 || b < B)) {
#define RH_SWEEP_STAGE_M(m) u[slot(b + m * B, c, Q, T, cf)] = v[jb * rl + m];
            FOR_M(rl, RH_SWEEP_STAGE_M)
#undef RH_SWEEP_STAGE_M
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* the twist of each held value j of column t with value Q - 1 - j of C - t, into X.
     * w_N^(t + jC) = w_N^t w_N^(jC), both from the table (k <= M/2; w_N^(M-k) =
     * -conj w_N^k), as in pair_unit; post_twist_pair holds for any k, not only k <= M/2 */
    __global real2_t *Xr = y + row * (M + 1);
    const real2_t wt = w[zero ? mid : ta];
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (valid && (B % I == 0 || b < B)) {
#define RH_SWEEP_TWIST_M(m)                                                                \
    {                                                                                      \
        const int j = b + m * B;                                                           \
        real2_t xk, xmk;                                                                   \
        if (!zero) {                                                                       \
            const int k = ta + j * C;                                                      \
            const real2_t wjc = j <= Q / 2 ? w[j * C] : -rh_conj(w[(Q - j) * C]);          \
            post_twist_pair(va[jb * rl + m], u[slot(Q - 1 - j, c, Q, T, cf)],              \
                            cmul(wt, wjc), &xk, &xmk);                                     \
            Xr[k] = xk;                                                                    \
            Xr[M - k] = xmk;                                                               \
        } else {                                                                           \
            if (j <= Q / 2) { /* column 0: j with Q - j (0 with itself: X_0, X_M) */       \
                post_twist_pair(u0[j], u0[j ? Q - j : 0], w[j * C], &xk, &xmk);            \
                Xr[j * C] = xk;                                                            \
                Xr[M - j * C] = xmk;                                                       \
            }                                                                              \
            if (j <= (Q - 1) / 2) { /* column C/2: j with Q - 1 - j */                     \
                const int k = mid + j * C;                                                 \
                post_twist_pair(u[slot(j, 0, Q, T, cf)], u[slot(Q - 1 - j, 0, Q, T, cf)],  \
                                cmul(wt, w[j * C]), &xk, &xmk);                            \
                Xr[k] = xk;                                                                \
                Xr[M - k] = xmk;                                                           \
            }                                                                              \
        }                                                                                  \
    }
            FOR_M(rl, RH_SWEEP_TWIST_M)
#undef RH_SWEEP_TWIST_M
        }
    }
}

/* Contract (rfft_rows_paired, irfft_rows_paired: --variant fused, the x axis in several
 * passes; -D RH_PAIR_LAST=k names the last pass, -D RH_PAIR_FIRST its first)
 *   work-items : 1-D, groups of I*T items (that pass's I and T; C = Ax_N/Q even, h =
 *                floor(T/2)): G = ceil(C/2 / h) groups per row, ROWS rows; lane c < h of
 *                group g does column first + c (first = (g mod G) * h), lane h + c its
 *                mirror C - first - c (C/2 for column 0), lanes past 2h and columns
 *                first + c >= C/2 nothing but the barriers
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (the x axis's table), w
 *                (the twist's w_N^k, k <= M/2); the launch's size gives ROWS
 *   reads      : rfft: x[row*M + t + j*C], every j < Q of the group's columns, once (the
 *                M-point FFT's last pass); irfft: x[row*(M+1) + k] for the group's bins,
 *                once (bins M/2 and 0's partner M read twice)
 *   writes     : rfft: y[row*(M+1) + k], every bin of the group's columns (and M in the
 *                row's first group) once (twice, equal, at M/2); irfft: y[row*M + t*Q + j],
 *                every j < Q of the group's columns, once
 *   host calls : rfft: the x axis's passes 0 .. k-1, then rfft_rows_paired, then the outer
 *                axes on the mid spectrum; irfft: the outer axes' inverse passes, then
 *                irfft_rows_paired (it conjugates what it loads), then passes 1 .. of x,
 *                the last with PASS_CONJ_OUT. */
#define RH_CAT(a, b) RH_CAT_(a, b)
#define RH_CAT_(a, b) a##b
#ifdef RH_PAIR_LAST
__kernel void rfft_rows_paired(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                               __global const real2_t *tw, __global const real2_t *w)
{
#if RH_PAIR_SWEEPS == 2
    paired_sweeps(x, y, u, tw + (1 << Ax_LB), tw, w, Ax_N, Ax_LB, RH_CAT(Ax_P, RH_PAIR_LAST));
#else
    paired_pass(x, y, u, tw + (1 << Ax_LB), tw, w, 0, Ax_N, Ax_LB, RH_CAT(Ax_P, RH_PAIR_LAST));
#endif
}
#endif
#ifdef RH_PAIR_FIRST
__kernel void irfft_rows_paired(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                                __global const real2_t *tw, __global const real2_t *w)
{
    paired_pass(x, y, u, tw + (1 << Ax_LB), tw, w, 1, Ax_N, Ax_LB, Ax_P0);
}
#endif

/* ---------------------------------------------------------------- the column pairs */

/* --variant column_pairs (R2C, 1-D): the twist moved from the last pass to the first.
 * Split the real row's N = A B points as j = j2 + B j1 and k = k1 + A k2 (j1, k1 < A;
 * j2, k2 < B). Then
 *     X_(k1 + A k2) = sum_j2 w_B^(j2 k2) w_N^(j2 k1) Y[j2][k1],
 *     Y[j2][k1]    = sum_j1 w_A^(j1 k1) x_(j2 + B j1):
 * the A-point FFT of the REAL column j2 (its values B apart), then a B-point FFT per k1.
 * A real column's spectrum is Hermitian, so k1 = 0 .. A/2 is all the second pass needs,
 * and two real columns make one complex column: read as M = N/2 complex values, the row
 * has B/2 complex columns z_(t + (B/2) j1) = x_(2t + B j1) + i x_(2t+1 + B j1), and with
 * Z = DFT_A(column t) the two real spectra come out of the pair (k1, A - k1) of ONE
 * column, which a work-group holds whole:
 *     Y[2t][k1] = (Z_k1 + conj Z_(A-k1)) / 2,   Y[2t+1][k1] = -i (Z_k1 - conj Z_(A-k1)) / 2.
 * (The same two-for-one as rfft_post, on columns instead of on the row.) Pass 1 then does
 * the B-point FFTs of the columns k1 = 0 .. A/2 of Y; a bin past M is stored as the
 * conjugate of its mirror, X_(N-k) = conj X_k, so every bin 0 .. M is written once.
 * The twist costs no pass of its own and no work-group pairing: pass 0 pairs inside one
 * column, and pass 1's groups store their own columns' bins (runs of T, mirrored ones
 * backwards).
 * Y between the passes: rows of M values, Y[j2][k1] at j2 (A/2) + k1 for 0 < k1 < A/2,
 * and Y[j2][0] + i Y[j2][A/2] (both real) at j2 (A/2) + 0.
 * -D constants (chapters/09_real_input/pairs.c): RC_N (N), RC_LB (the lo bits of the
 * two-level table of w_N, which both passes use: w_Q^y = w_N^(y N/Q)), RC_P0 = the first
 * pass Q,P,I,T,radices (Q = A, P = 1), RC_P1 = the second (Q = B, P = A). */
#if defined(RC_P0) && defined(RC_P1)
static INLINE void rc_first(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                            __global const real2_t *hi, __global const real2_t *lo, int rows,
                            const int N, const int lo_bits, const int Q, const int P, const int I,
                            const int T, const int r0, const int r1, const int r2, const int r3,
                            const int r4, const int r5, const int r6, const int r7, const int r8,
                            const int r9, const int r10, const int r11)
{
    const int M = N / 2, C = M / Q, H = Q / 2, cf = 1; /* C = B/2 complex columns per row */
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
        const int kz = k1 ? Q - k1 : H; /* Z_(A-k1); Z_(A/2) at k1 = 0 */
        const real2_t a = u[by_column ? padded(cc * Q + k1) : slot(k1, cc, Q, T, cf)];
        const real2_t z = u[by_column ? padded(cc * Q + kz) : slot(kz, cc, Q, T, cf)];
        real2_t ye, yo;
        if (k1 == 0) {
            ye = (real2_t)(a.x, z.x); /* Y[2t][0] + i Y[2t][A/2]     */
            yo = (real2_t)(a.y, z.y); /* Y[2t+1][0] + i Y[2t+1][A/2] */
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
    const int M = N / 2, H = P / 2, cf = 1; /* P = A; columns k1 = 0 .. H of Y per row */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;
    const size_t col = (size_t)get_group_id(0) * T + c;
    const int valid = col < (size_t)rows * (H + 1);
    const size_t row = col / (H + 1);
    const int k1 = (int)(col % (H + 1));
    real2_t v[FL_VMAX];
    {
        /* Y[j2][k1] (column k1 of Y, values H apart), times w_N^(j2 k1); columns 0 and
         * A/2 are the real and imaginary parts of Y's column 0 */
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
    /* X_(k1 + A k2) = output k2 of column k1: bins up to M as they are; a bin k past M as
     * the conjugate at its mirror N - k = (A - k1) + A (B - 1 - k2), a bin of column A - k1
     * (X_(N-k) = conj X_k); columns 0 and A/2 only their own half (k2 <= B/2, and < B/2) */
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
 *                g*T .. g*T + T-1 of the ROWS x B/2; last: groups of RC_P1's I*T, group g
 *                columns g*T .. of Y's ROWS x (A/2 + 1); past the end, only barriers
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (w_N's table: lo, then hi
 *                at 2^RC_LB), ROWS
 *   reads      : first: x[row*M + t + j*B/2], j < A (the reals as complex pairs), once;
 *                last: x[row*M + j2*A/2 + k1] (Y), every j2 < B of its columns, once (column
 *                0 twice: for k1 = 0 and A/2)
 *   writes     : first: y[row*M + j2*A/2 + k1] (Y), every value of its 2T real columns,
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
