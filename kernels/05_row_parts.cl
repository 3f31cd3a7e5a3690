/* 05_register_radix — a row in parts, built after kernels/05_passes.cl (whose helpers it
 * uses: the register blocks, twiddle, the local-memory slots, the leftover stages).
 *
 * The default plan for rows of 2 to 4 local memories (8192 and 16384 in fp32).
 *
 * fft_pass keeps a group's values in registers but also needs room for ALL of them in
 * local memory at every exchange: T*Q <= 4096 fp32 values in 48 KiB. The register file is
 * bigger (an H100 compute unit has 256 KiB of registers). So a group may hold FFT_PARTS =
 * G times as many values as local memory does if it does each exchange in G rounds, one
 * part at a time (G and q are the notation page's parts and part; the code names them B
 * and k, and names the output digit o below q):
 *
 *     for part q = 0 .. G-1:   write part q's values to local memory; barrier;
 *                              read part q's values back (rearranged);   barrier
 *
 * For that to need no more registers than the values themselves, a part must be a set
 * of values that no stage mixes with another part: then in round q every item writes and
 * reads only ITS part-q values, v[q][...], and q is a constant after unrolling (VkFFT's
 * "registerBoost" does the same). Columns are such sets. A row of N = G*Q points is G
 * columns x[q + j*G] (q < G), G independent Q-point FFTs, Q = FFT_LOCAL_VALUES; each item
 * holds R values of every column (v[q][e], j = i + e*Q/R). What is left of the N-point
 * FFT is one radix-G stage ACROSS the columns (decimation in time):
 *     X[j + Q*o] = sum_q w_G^(q*o) * (w_N^(j*q) * Y_q[j]),   Y_q = DFT_Q(column q)
 * and item i holds Y_q[j] for every q at once: that stage is done in registers, no
 * exchange, and stored straight to X. One read and one write of the row instead of the
 * two of a two-pass plan.
 *
 * -D constants (chapters/05_register_radix/main.c, build_options): FFT_PARTS = G (2 or
 * 4), FFT_LOCAL_VALUES = Q, FFT_ITEMS_R4, _R8, _R16 = Q / R (a group is Q / R items,
 * fixed per kernel: reqd_work_group_size, which on NVIDIA caps the registers per item at
 * 65536 / group size), FFT_MAX_ITEMS (the device's largest group: radices whose group
 * would be larger are left out). R is at least 4 here. */
#ifdef FFT_PARTS

/* The row in parts. Every loop over parts (k), values (e, m) or outputs (q) carries
 * #pragma unroll: its body can be a whole dft16, and a compiler that kept such a loop
 * would index v[k] at run time and move all of v[][] out of registers. (Not
 * leftover_stage, called once per part: pocl 3.1 then spends minutes building the
 * kernel, so the leftover stage is written out here with its barriers outside any branch
 * on the radix.) `static`: no stand-alone copy of the function, in which R is not yet a
 * constant and every #pragma unroll would be refused with a warning. */
static INLINE void fft_row_parts(__global const real2_t *x, __global real2_t *y,
                                 __local real2_t *u, __global const real2_t *hi,
                                 __global const real2_t *lo, int n, int flags, int lo_bits,
                                 const int R)
{
    const int B = FFT_PARTS, Q = FFT_LOCAL_VALUES, log2R = ilog2(R);
    const int mode = TWIDDLE_TABLE;
    int log2n = ilog2(n), log2Q = ilog2(Q);
    int ipc = Q >> log2R;                              /* items per column = the group */
    int i = get_local_id(0);
    size_t row = get_group_id(0);
    real2_t v[FFT_PARTS][16];

    /* load: for each j = i + e*ipc, the item's B columns are B neighbouring values */
    __global const real2_t *in = x + row * (size_t)n;
    #pragma unroll
    for (int e = 0; e < R; e++) {
        #pragma unroll
        for (int k = 0; k < B; k++) {
            real2_t a = in[k + (size_t)(i + e * ipc) * B];
            if (flags & PASS_CONJ_IN)
                a.y = -a.y;
            v[k][e] = a;
        }
    }

    /* the columns' stages; every exchange is B rounds, part k in round k */
    int rest = log2Q % log2R;
    int s = 1;
    if (rest) {
        /* the leftover stage of radix r = 2^rest (s = 1, no twiddles), as leftover_stage
         * does it: the butterflies in registers need r as a constant (one branch per r,
         * no barrier inside), the exchange only uses it in addresses, so it is shared */
        int step = R >> rest, log2step = log2R - rest;
        #pragma unroll
        for (int k = 0; k < B; k++) {
            if (rest == 1) {
                #pragma unroll
                for (int q = 0; q < R / 2; q++)
                    dft_strided(v[k], q, 2, R / 2);
            } else if (rest == 2 && R > 4) {
                #pragma unroll
                for (int q = 0; q < R / 4; q++)
                    dft_strided(v[k], q, 4, R / 4);
            } else if (rest == 3 && R > 8) {
                #pragma unroll
                for (int q = 0; q < R / 8; q++)
                    dft_strided(v[k], q, 8, R / 8);
            }
        }
        #pragma unroll
        for (int k = 0; k < B; k++) {
            #pragma unroll
            for (int e = 0; e < R; e++)
                u[padded(((i + (e & (step - 1)) * ipc) << rest) + (e >> log2step))] = v[k][e];
            barrier(CLK_LOCAL_MEM_FENCE);
            #pragma unroll
            for (int e = 0; e < R; e++)
                v[k][e] = u[padded(i + e * ipc)];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        s = 1 << rest;
    }
    for (; s < Q; s <<= log2R) {
        int kb = i & (s - 1);
        if (s > 1) {
            /* the stage twiddles depend on the butterfly only: computed once, used B times */
            real2_t w[16];
            twiddle_powers(w, mode, kb, ilog2(s) + log2R, log2n, hi, lo, lo_bits, R);
            #pragma unroll
            for (int k = 0; k < B; k++) {
                #pragma unroll
                for (int m = 1; m < R; m++)
                    v[k][m] = cmul(v[k][m], w[m]);
            }
        }
        #pragma unroll
        for (int k = 0; k < B; k++)
            dft_r(v[k], R);
        if ((s << log2R) < Q) {
            #pragma unroll
            for (int k = 0; k < B; k++) {
                #pragma unroll
                for (int m = 0; m < R; m++)
                    u[padded(((i - kb) << log2R) + kb + m * s)] = v[k][m];
                barrier(CLK_LOCAL_MEM_FENCE);
                #pragma unroll
                for (int e = 0; e < R; e++)
                    v[k][e] = u[padded(i + e * ipc)];
                barrier(CLK_LOCAL_MEM_FENCE);
            }
        }
    }

    /* the radix-B stage across the row's columns, in registers; output j + Q*q */
    __global real2_t *out = y + row * (size_t)n;
    #pragma unroll
    for (int e = 0; e < R; e++) {
        int j = i + e * ipc;
        real2_t a[16];
        #pragma unroll
        for (int k = 0; k < B; k++)
            a[k] = v[k][e];
        real2_t w[16];
        twiddle_powers(w, mode, j, log2n, log2n, hi, lo, lo_bits, B);
        #pragma unroll
        for (int k = 1; k < B; k++)
            a[k] = cmul(a[k], w[k]);
        dft_r(a, B);
        #pragma unroll
        for (int q = 0; q < B; q++) {
            if (flags & PASS_CONJ_OUT)
                a[q].y = -a[q].y;
            out[j + (size_t)q * Q] = a[q];
        }
    }
}

/* Contract (fft_rows_r<R>_table)
 *   work-items : 1-D, groups of FFT_LOCAL_VALUES / R items; group g does row g (batch groups)
 *   args       : as fft_r16_table, with n = N = FFT_PARTS * FFT_LOCAL_VALUES; p, Q, T and
 *                batch are not read; u holds FFT_LOCAL_VALUES*17/16 values
 *   reads      : x[row*N + j], every j < N, once;  writes: y[row*N + k], every k < N, once
 *   host calls : once (a one-pass plan); flags PASS_CONJ_IN | PASS_CONJ_OUT for an inverse.
 * Only the radices whose group fits the device (FFT_MAX_ITEMS): a reqd_work_group_size
 * above the device's maximum is a build error on some drivers. */
#define FFT_ROWS_KERNEL(R)                                                                     \
    __kernel __attribute__((reqd_work_group_size(FFT_ITEMS_R##R, 1, 1)))                       \
    void fft_rows_r##R##_table(__global const real2_t *x, __global real2_t *y,                \
                               __local real2_t *u, __global const real2_t *hi,                \
                               __global const real2_t *lo, int n, int p, int Q, int T,        \
                               int batch, int flags, int lo_bits)                             \
    {                                                                                          \
        fft_row_parts(x, y, u, hi, lo, n, flags, lo_bits, R);                                  \
    }
#if FFT_ITEMS_R4 <= FFT_MAX_ITEMS
FFT_ROWS_KERNEL(4)
#endif
#if FFT_ITEMS_R8 <= FFT_MAX_ITEMS
FFT_ROWS_KERNEL(8)
#endif
#if FFT_ITEMS_R16 <= FFT_MAX_ITEMS
FFT_ROWS_KERNEL(16)
#endif
#endif /* FFT_PARTS */
