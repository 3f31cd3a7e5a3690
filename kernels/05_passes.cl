/* 05_register_radix — the passes: a work-group does whole sub-FFTs ("columns").
 *
 * A pass with parameters (p, Q) over rows of length n does, for every column t of a row
 * (t = 0 .. n/Q - 1) — the same Stockham step as chapters 02-04, with radix Q:
 *     v[j] = x[t + j*(n/Q)] * w_(Q*p)^(j*k),  k = t mod p,  j = 0 .. Q-1
 *     V    = DFT_Q(v)
 *     y[(t - k)*Q + k + j*p] = V[j]
 * Q is not done by one work-item. It is factored into register radices, e.g.
 * 1024 = 4 * 16 * 16: a column belongs to Q/R work-items that each hold R values in
 * registers (R = 4, 8 or 16, fixed per kernel), and the column's DFT is a short Stockham
 * FFT of its own — a stage is "twiddle, dftR in registers", and between stages the items
 * trade values through local memory, the only thing local memory is used for.
 *
 *   stage (radix r, sub-length s, item i owns butterfly b = i):
 *       reads  u[b + m*(Q/r)],  m < r     (in registers already: v[m])
 *       twiddle v[m] *= w_(r*s)^(m*k), k = b mod s;  dft_r(v)
 *       writes u[(b - k)*r + k + m*s]
 *   A radix r < R (the leftover when log2 Q is not a multiple of log2 R) comes first,
 *   where s = 1 and there are no twiddles: item i then does R/r butterflies of radix r.
 *
 * Where item i's values sit: always at column positions i + e*(Q/R), e = 0 .. R-1, both
 * before the first stage and after the last. So loads and stores touch global memory
 * straight from registers; how they are spread over work-items decides coalescing:
 *   n == Q (one pass does the whole row): item i of the column is lane i, T rows share a
 *          group; item i reads x[row*n + i + e*(Q/R)]: consecutive lanes, consecutive
 *          addresses, and the same for the stores.
 *   n > Q  (one pass of several): T neighbouring columns t share a group and the column
 *          index is the fastest lane index, so lanes read x[t + j*(n/Q)] for T
 *          consecutive t; stores go to (t - k)*Q + k + j*p, consecutive for consecutive
 *          t when p >= T. In the first pass (p = 1) they are Q apart instead, so that
 *          pass writes its T columns into local memory and stores the block
 *          y[t0*Q .. (t0+T)*Q) from there in order.
 *
 * Inverse transforms: conj on the way in (first pass) and on the way out (last pass),
 * flags PASS_CONJ_IN / PASS_CONJ_OUT; every block and twiddle is the forward one.
 *
 * Idea: E. Bainville, "OpenCL FFT" (2010): one work-group per sub-DFT, registers for the
 * operands and local memory only for the exchange; the plan with few high-radix passes
 * follows G. Dal's thesis (3.2.3-3.2.5, 4.2.1) and Apple's OpenCL_FFT notes. */

#define TWIDDLE_SINCOS 0
#define TWIDDLE_TABLE 1
#define TWIDDLE_NATIVE 2

#define PASS_CONJ_IN 1
#define PASS_CONJ_OUT 2

/* Every helper is inlined, always: a call that passes v[] by pointer keeps v in memory,
 * and a loop with a call in it is not vectorized. Without this, pocl 3.1's inliner gives
 * up on dft16 by a hair (POCL_VECTORIZER_REMARKS=1: cost 565, threshold 562). */
#define INLINE __attribute__((always_inline))

/* Defined in kernels/05_register_radix.cl, built after this file. */
void dft2(real2_t *v) INLINE;
void dft4(real2_t *v) INLINE;
void dft8(real2_t *v) INLINE;
void dft16(real2_t *v) INLINE;
real2_t twiddle(int mode, int a, int log2M, int log2n, __global const real2_t *hi,
                __global const real2_t *lo, int lo_bits) INLINE;

INLINE int ilog2(int v)
{
    return 31 - clz(v);
}

/* Local-memory address A with one extra slot every 16 values, so that lanes writing 16
 * values apart (stride R) fall on different banks. For experiments (the README's
 * "Beyond one local memory" measures them), FFTLAB_BUILD_OPTIONS may add -D FFT_NO_PAD
 * (no padding) or -D FFT_PAD_SHIFT=5 (one slot every 32 values); never more padding than
 * 1/16, which is what the host allocates. */
#ifndef FFT_PAD_SHIFT
#define FFT_PAD_SHIFT 4
#endif
INLINE int padded(int a)
{
#ifdef FFT_NO_PAD
    return a;
#else
    return a + (a >> FFT_PAD_SHIFT);
#endif
}

/* Local-memory slot for value IDX of column C: columns interleaved when the column index
 * runs fastest across lanes, else one column after another. */
INLINE int slot(int idx, int c, int Q, int T, int columns_fastest)
{
    return padded(columns_fastest ? idx * T + c : c * Q + idx);
}

/* The block of radix r (a constant after inlining) on v[0 .. r-1]. */
INLINE void dft_r(real2_t *v, const int r)
{
    if (r == 2) dft2(v);
    else if (r == 4) dft4(v);
    else if (r == 8) dft8(v);
    else dft16(v);
}

/* A DFT of radix r on the values v[q], v[q + step], ..., step = R/r: gather, block, scatter. */
INLINE void dft_strided(real2_t *v, int q, const int r, const int step)
{
    real2_t w[16];
    for (int m = 0; m < r; m++)
        w[m] = v[q + m * step];
    dft_r(w, r);
    for (int m = 0; m < r; m++)
        v[q + m * step] = w[m];
}

/* The leftover stage of radix r < R (s = 1, no twiddles): item i does the R/r butterflies
 * b = i + q*Q/R, q < R/r, whose values it already holds at v[q + m*R/r]; their outputs go
 * to b*r + m. R and r must be constants here: with a variable r, the indices into v
 * would not be constants and v would leave the registers (--variant runtime_radix does
 * that on purpose: 2.6x slower at N = 1024 on an H100, see the chapter's README). */
INLINE void leftover_stage(real2_t *v, __local real2_t *u, int i, int c, int Q, int T, int ipc,
                    int columns_fastest, const int r, const int R)
{
    const int step = R / r;
    for (int q = 0; q < step; q++)
        dft_strided(v, q, r, step);
    for (int e = 0; e < R; e++)
        u[slot((i + (e % step) * ipc) * r + e / step, c, Q, T, columns_fastest)] = v[e];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int e = 0; e < R; e++)
        v[e] = u[slot(i + e * ipc, c, Q, T, columns_fastest)];
    barrier(CLK_LOCAL_MEM_FENCE);
}

/* w[m] = w_M^(a*m) for m < R. sincos and native compute each one; the table strategy
 * looks up w^a, w^4a and w^8a and multiplies the rest together (w^7 = w^4 * w^2 * w),
 * 3 lookups instead of 15 for R = 16, at most 3 products deep. */
INLINE void twiddle_powers(real2_t *w, int mode, int a, int log2M, int log2n, __global const real2_t *hi,
                    __global const real2_t *lo, int lo_bits, const int R)
{
    int mask = (1 << log2M) - 1;
    w[0] = (real2_t)(1, 0);
    if (mode != TWIDDLE_TABLE) {
        for (int m = 1; m < R; m++)
            w[m] = twiddle(mode, (a * m) & mask, log2M, log2n, hi, lo, lo_bits);
        return;
    }
    if (R >= 2)
        w[1] = twiddle(mode, a & mask, log2M, log2n, hi, lo, lo_bits);
    if (R >= 4) {
        w[2] = cmul(w[1], w[1]);
        w[3] = cmul(w[2], w[1]);
    }
    if (R >= 8) {
        w[4] = twiddle(mode, (4 * a) & mask, log2M, log2n, hi, lo, lo_bits);
        for (int m = 5; m < 8; m++)
            w[m] = cmul(w[4], w[m - 4]);
    }
    if (R >= 16) {
        w[8] = twiddle(mode, (8 * a) & mask, log2M, log2n, hi, lo, lo_bits);
        for (int m = 9; m < 16; m++)
            w[m] = cmul(w[8], w[m - 8]);
    }
}

/* Contract (every fft_r<R>_<twiddle> kernel)
 *   work-items : 1-D, groups of T*Q/R items; group g does columns g*T .. g*T+T-1 of the
 *                batch*(n/Q) columns (the last group's extra columns do no loads or stores)
 *   args       : x, y (distinct buffers), u local T*Q*17/16 values, hi/lo twiddle tables
 *                (read by the table kernels only), n, p, Q, T, batch, flags, lo_bits
 *   reads      : x[row*n + t + j*(n/Q)] for the group's columns, every j < Q, once
 *   writes     : y[row*n + (t - k)*Q + k + j*p], every j < Q, once
 *   host calls : p = 1, then p *= Q after each launch (Q may differ per launch), swapping
 *                x and y, until p = n; Q, T powers of two, R <= Q <= n; when n > Q,
 *                T divides n/Q. PASS_CONJ_IN on the first launch and PASS_CONJ_OUT on the
 *                last for an inverse. */
INLINE void fft_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
              __global const real2_t *hi, __global const real2_t *lo, int n, int p, int Q,
              int T, int batch, int flags, int lo_bits, const int R, const int mode,
              const int runtime_leftover)
{
    const int log2R = ilog2(R);
    int log2n = ilog2(n), log2Q = ilog2(Q), log2T = ilog2(T), log2p = ilog2(p);
    int ipc = Q >> log2R, log2ipc = log2Q - log2R;     /* items per column */
    int per_row = n >> log2Q;                          /* columns per row = n/Q */
    int columns_fastest = per_row > 1;
    int l = get_local_id(0);
    int c = columns_fastest ? (l & (T - 1)) : (l >> log2ipc);
    int i = columns_fastest ? (l >> log2T) : (l & (ipc - 1));
    size_t col = (size_t)get_group_id(0) * T + c;
    int valid = col < (size_t)batch * per_row;
    size_t row = col >> (log2n - log2Q);
    int t = (int)col & (per_row - 1);
    int k = t & (p - 1);
    real2_t v[16];

    /* load column values j = i + e*ipc, with the pass twiddle w_(Qp)^(j*k) */
    __global const real2_t *in = x + row * (size_t)n + t;
    for (int e = 0; e < R; e++) {
        real2_t a = valid ? in[(size_t)(i + e * ipc) * per_row] : (real2_t)(0, 0);
        if (flags & PASS_CONJ_IN)
            a.y = -a.y;
        v[e] = a;
    }
    if (p > 1) {
        /* the pass twiddle w_M^(j*k), M = Q*p, for j = i + e*ipc */
        int log2M = log2Q + log2p;
        if (mode == TWIDDLE_TABLE) {
            /* = w^(i*k) * (w^(ipc*k))^e: 4 lookups instead of 16 */
            real2_t w[16];
            real2_t base = twiddle(mode, i * k, log2M, log2n, hi, lo, lo_bits);
            twiddle_powers(w, mode, ipc * k, log2M, log2n, hi, lo, lo_bits, R);
            for (int e = 0; e < R; e++)
                v[e] = cmul(v[e], cmul(base, w[e]));
        } else {
            for (int e = 0; e < R; e++)
                v[e] = cmul(v[e], twiddle(mode, (i + e * ipc) * k, log2M, log2n, hi, lo, lo_bits));
        }
    }

    /* the column's own stages: a leftover radix first (s = 1), then radix R */
    int rest = log2Q % log2R;
    int s = 1;
    if (rest && runtime_leftover)
        /* the same stage with r known only at run time: v[q + m*R/r] is no longer a
         * constant index, so v[] moves from registers to per-item memory */
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 1 << rest, R);
    else if (rest == 1)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 2, R);
    else if (rest == 2)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 4, R);
    else if (rest == 3)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 8, R);
    if (rest)
        s = 1 << rest;
    for (; s < Q; s <<= log2R) {
        int kb = i & (s - 1);
        if (s > 1) {
            real2_t w[16];
            twiddle_powers(w, mode, kb, ilog2(s) + log2R, log2n, hi, lo, lo_bits, R);
            for (int m = 1; m < R; m++)
                v[m] = cmul(v[m], w[m]);
        }
        dft_r(v, R);
        if ((s << log2R) < Q) {
            for (int m = 0; m < R; m++)
                u[slot(((i - kb) << log2R) + kb + m * s, c, Q, T, columns_fastest)] = v[m];
            barrier(CLK_LOCAL_MEM_FENCE);
            for (int e = 0; e < R; e++)
                v[e] = u[slot(i + e * ipc, c, Q, T, columns_fastest)];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }

    /* store: item i holds outputs j = i + e*ipc of its column */
    if (flags & PASS_CONJ_OUT)
        for (int e = 0; e < R; e++)
            v[e].y = -v[e].y;
    if (columns_fastest && p == 1) {
        /* the T columns' outputs form one block; go through local memory to write it in order */
        for (int e = 0; e < R; e++)
            u[slot(i + e * ipc, c, Q, T, 0)] = v[e];          /* column after column */
        barrier(CLK_LOCAL_MEM_FENCE);
        size_t first = (size_t)get_group_id(0) * T;      /* the group's first column */
        if (first < (size_t)batch * per_row) {
            __global real2_t *out = y + (first >> (log2n - log2Q)) * (size_t)n
                                      + (size_t)((int)first & (per_row - 1)) * Q;
            for (int e = l; e < T * Q; e += T * ipc)
                out[e] = u[padded(e)];                        /* = slot(e % Q, e / Q, ..., 0) */
        }
    } else if (valid) {
        __global real2_t *out = y + row * (size_t)n + (size_t)(t - k) * Q + k;
        for (int e = 0; e < R; e++)
            out[(size_t)(i + e * ipc) * p] = v[e];
    }
}

/* The kernels: one per register radix R and twiddle strategy, all the same pass. R and
 * the strategy are constants here, so after inlining every loop over e and m unrolls and
 * v[] stays in registers. */
#define FFT_PASS_KERNEL(R, NAME, MODE, RUNTIME)                                                \
    __kernel void fft_r##R##_##NAME(__global const real2_t *x, __global real2_t *y,            \
                                    __local real2_t *u, __global const real2_t *hi,           \
                                    __global const real2_t *lo, int n, int p, int Q, int T,   \
                                    int batch, int flags, int lo_bits)                        \
    {                                                                                          \
        fft_pass(x, y, u, hi, lo, n, p, Q, T, batch, flags, lo_bits, R, MODE, RUNTIME);       \
    }

FFT_PASS_KERNEL(2, sincos, TWIDDLE_SINCOS, 0)
FFT_PASS_KERNEL(4, sincos, TWIDDLE_SINCOS, 0)
FFT_PASS_KERNEL(8, sincos, TWIDDLE_SINCOS, 0)
FFT_PASS_KERNEL(16, sincos, TWIDDLE_SINCOS, 0)
FFT_PASS_KERNEL(2, table, TWIDDLE_TABLE, 0)
FFT_PASS_KERNEL(4, table, TWIDDLE_TABLE, 0)
FFT_PASS_KERNEL(8, table, TWIDDLE_TABLE, 0)
FFT_PASS_KERNEL(16, table, TWIDDLE_TABLE, 0)
FFT_PASS_KERNEL(2, native, TWIDDLE_NATIVE, 0)
FFT_PASS_KERNEL(4, native, TWIDDLE_NATIVE, 0)
FFT_PASS_KERNEL(8, native, TWIDDLE_NATIVE, 0)
FFT_PASS_KERNEL(16, native, TWIDDLE_NATIVE, 0)
/* --variant runtime_radix, the lesson's counter-example: one dynamic index into v[] is
 * enough for the compiler to keep all of v[] in memory, in this kernel only. */
FFT_PASS_KERNEL(16, table_runtime, TWIDDLE_TABLE, 1)

/* ================================================================ sizes compiled in
 * --variant fixed: the default kernel (R = 16, table twiddles) for a ONE-pass plan, with
 * n, Q = n, p = 1, T, lo_bits and the group size given as -D constants by the host
 * (chapters/05_register_radix/main.c, build_options), the way chapter 06 compiles its
 * kernels per size. Everything fft_pass derives from them (ilog2, masks, the leftover
 * radix, the stage loop's trip count) then folds to constants, and
 * reqd_work_group_size tells the compiler how many items share a group (on NVIDIA that
 * bounds the registers per item it may use). Same arithmetic, same result as
 * fft_r16_table; only what the compiler knows changes. */
#ifdef FFT_FIXED_ITEMS
/* Contract (fft_fixed_table)
 *   work-items : 1-D, groups of FFT_FIXED_ITEMS = FFT_FIXED_T * FFT_FIXED_N / FFT_FIXED_R
 *                items; group g does rows g*T .. g*T+T-1 (rows past the batch do nothing)
 *   args       : as fft_r16_table; n, p, Q, T and lo_bits are ignored in favour of the
 *                -D values (n = Q = FFT_FIXED_N, p = 1, T = FFT_FIXED_T)
 *   reads      : x[row*n + j], every j < n, once;  writes: y[row*n + k], every k, once
 *   host calls : once (a one-pass plan), flags = PASS_CONJ_IN | PASS_CONJ_OUT for an
 *                inverse. */
__kernel __attribute__((reqd_work_group_size(FFT_FIXED_ITEMS, 1, 1)))
void fft_fixed_table(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                     __global const real2_t *hi, __global const real2_t *lo, int n, int p,
                     int Q, int T, int batch, int flags, int lo_bits)
{
    fft_pass(x, y, u, hi, lo, FFT_FIXED_N, 1, FFT_FIXED_N, FFT_FIXED_T, batch, flags,
             FFT_FIXED_LO_BITS, FFT_FIXED_R, TWIDDLE_TABLE, 0);
}
#endif

/* Contract (fft_fixed_pass_a, fft_fixed_pass_b: --variant fixed, a multi-pass plan)
 *   work-items : 1-D, groups of FFT_FIXED_ITEMS_A (_B) = T * Q / R items, T = FFT_FIXED_TA
 *                (_TB) columns per group, columns fastest across lanes, as fft_r16_table
 *   args       : as fft_r16_table; n, Q, T and lo_bits are ignored in favour of the -D
 *                values (FFT_FIXED_N, FFT_FIXED_QA (_QB), ...); p is used
 *   reads      : x[row*n + t + j*(n/Q)] of the group's columns; writes y[row*n + (t-k)*Q +
 *                k + j*p], as fft_r16_table
 *   host calls : every pass of the plan in order, swapping x and y: _a for the passes
 *                whose Q is the first pass's, _b for the others (split_evenly gives two
 *                Q's at most); PASS_CONJ_IN on the first, PASS_CONJ_OUT on the last for
 *                an inverse. */
#define FL05_FIXED_PASS(NAME, QQ, TT, RR, ITEMS)                                           \
    __kernel __attribute__((reqd_work_group_size(ITEMS, 1, 1)))                            \
    void NAME(__global const real2_t *x, __global real2_t *y, __local real2_t *u,          \
              __global const real2_t *hi, __global const real2_t *lo, int n, int p, int Q, \
              int T, int batch, int flags, int lo_bits)                                    \
    {                                                                                      \
        fft_pass(x, y, u, hi, lo, FFT_FIXED_N, p, QQ, TT, batch, flags, FFT_FIXED_LO_BITS, \
                 RR, TWIDDLE_TABLE, 0);                                                    \
    }
#ifdef FFT_FIXED_QA
FL05_FIXED_PASS(fft_fixed_pass_a, FFT_FIXED_QA, FFT_FIXED_TA, FFT_FIXED_RA, FFT_FIXED_ITEMS_A)
#endif
#ifdef FFT_FIXED_QB
FL05_FIXED_PASS(fft_fixed_pass_b, FFT_FIXED_QB, FFT_FIXED_TB, FFT_FIXED_RB, FFT_FIXED_ITEMS_B)
#endif

/* ================================================================ more than local memory
 * --variant regfile (regfile8, regfile4, regfile_sincos, regfile_native, regfile_fixed).
 *
 * The kernels above keep a group's values in registers but also need room for ALL of
 * them in local memory at every exchange: T*Q <= 4096 fp32 values in 48 KiB. The
 * register file is bigger (an H100 compute unit has 256 KiB of registers). So let a
 * group hold FFT_PARTS times as many values as local memory does, and do each exchange
 * in FFT_PARTS rounds, one part at a time:
 *
 *     for part k = 0 .. B-1:   write part k's values to local memory; barrier;
 *                              read part k's values back (rearranged);   barrier
 *
 * For that to need no more registers than the values themselves, a part must be a set
 * of values that no stage of the pass mixes with another part: then in round k every
 * item writes and reads only ITS part-k values, v[k][...], and k is a constant after
 * unrolling (VkFFT does the same, its "registerBoost" in vkFFT.h). Columns are such sets:
 * a pass's columns are independent sub-FFTs. So a group takes T = B * Tp columns, Tp of
 * them per part (Tp * Q = local values), and each item holds B columns, R values each:
 *
 *     item l:  c = l mod Tp, i = l / Tp;  columns t0 + c*B + k, k < B (adjacent columns,
 *              so a warp's loads for one j cover T consecutive values: T*8 bytes)
 *     part k:  columns t0 + c*B + k for c < Tp, interleaved in local memory as in 05
 *
 * fft_cols_*  one pass of a multi-pass plan (n > B * local values), T*Q = B * local
 *             values: four times the columns per group of the default plan, or Q four
 *             times as large for the same T.
 * fft_rows_*  a whole row of n = B*Q points per group (8192, 16384 in fp32 on an H100):
 *             the row's B columns x[k + j*B] (k < B) are B independent Q-point FFTs, done
 *             as above with Tp = 1; what is left of the n-point FFT is one radix-B stage
 *             ACROSS the columns (decimation in time):
 *                 X[j + Q*q] = sum_k w_B^(k*q) * (w_n^(j*k) * Y_k[j]),   Y_k = DFT_Q(column k)
 *             and item i holds Y_k[j] for every k at once (v[k][e], j = i + e*Q/R): that
 *             stage is done in registers, no exchange, and stored straight to X. One read
 *             and one write of the row instead of the two of a two-pass plan.
 *
 * -D constants (chapters/05_register_radix/main.c, build_options): FFT_PARTS = B (a power
 * of two, 2..16), FFT_LOCAL_VALUES (Tp * Q, so a group is FFT_LOCAL_VALUES / R items,
 * fixed per kernel: reqd_work_group_size, which on NVIDIA caps the registers per item at
 * 65536 / group size; the host passes FFT_ITEMS_R4, _R8, _R16 = FFT_LOCAL_VALUES / R),
 * FFT_PARTS_TWIDDLE (TWIDDLE_TABLE, _SINCOS or _NATIVE: which kernels to build),
 * FFT_MAX_ITEMS (the device's largest group: radices whose group
 * would be larger are left out), optionally FFT_FIXED_N (n compiled in: --variant
 * regfile_fixed). R is at least 4 here: the host keeps Q >= 4. */
#ifdef FFT_PARTS

#ifdef FFT_FIXED_N
#define FIXED_OR_ARG(arg, fixed) (fixed)
#else
#define FIXED_OR_ARG(arg, fixed) (arg)
#endif

/* The pass twiddle w_M^(j*kk), M = Q*p, on v[e] = column value j = i + e*ipc (as in
 * fft_pass: the table builds the R factors from 4 lookups). */
INLINE void apply_pass_twiddles(real2_t *v, int mode, int i, int ipc, int kk, int log2M,
                                int log2n, __global const real2_t *hi,
                                __global const real2_t *lo, int lo_bits, const int R)
{
    if (mode == TWIDDLE_TABLE) {
        real2_t w[16];
        real2_t base = twiddle(mode, i * kk, log2M, log2n, hi, lo, lo_bits);
        twiddle_powers(w, mode, ipc * kk, log2M, log2n, hi, lo, lo_bits, R);
        for (int e = 0; e < R; e++)
            v[e] = cmul(v[e], cmul(base, w[e]));
    } else {
        for (int e = 0; e < R; e++)
            v[e] = cmul(v[e], twiddle(mode, (i + e * ipc) * kk, log2M, log2n, hi, lo, lo_bits));
    }
}

/* One pass in parts; ROWS (a constant) picks the fused row kernel's ending. Every loop
 * over parts (k), values (e, m) or outputs (q) carries #pragma unroll: its body can be a
 * whole dft16, and a compiler that kept such a loop would index v[k] at run time and
 * move all of v[][] out of registers (--variant runtime_radix shows what that costs).
 * (Not leftover_stage, called once per part: pocl 3.1 then spends minutes building the
 * kernel, so the leftover stage is written out here with its barriers outside any
 * branch on the radix.) `static`: no stand-alone copy of the function, in which R is
 * not yet a constant and every #pragma unroll would be refused with a warning. */
static INLINE void fft_parts(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                      __global const real2_t *hi, __global const real2_t *lo, int n, int p,
                      int Q, int T, int batch, int flags, int lo_bits, const int R,
                      const int mode, const int rows)
{
    const int B = FFT_PARTS, log2B = ilog2(FFT_PARTS), log2R = ilog2(R);
    int log2n = ilog2(n), log2Q = ilog2(Q), log2p = ilog2(p);
    int Tp = T >> log2B, log2Tp = ilog2(T) - log2B;    /* columns per part */
    int ipc = Q >> log2R;                              /* items per column */
    int per_row = n >> log2Q;                          /* columns per row  */
    int l = get_local_id(0);
    int c = l & (Tp - 1), i = l >> log2Tp;
    /* the group's first column; the host launches exactly batch*per_row/T groups, so
     * every group is full and every item has work */
    size_t col0 = (size_t)get_group_id(0) * T;
    size_t row = col0 >> (log2n - log2Q);
    int t0 = ((int)col0 & (per_row - 1)) + c * B;      /* this item's first column */
    real2_t v[FFT_PARTS][16];

    /* load: for each j = i + e*ipc, the item's B columns are B neighbouring values */
    __global const real2_t *in = x + row * (size_t)n + t0;
    #pragma unroll
    for (int e = 0; e < R; e++) {
        #pragma unroll
        for (int k = 0; k < B; k++) {
            real2_t a = in[k + (size_t)(i + e * ipc) * per_row];
            if (flags & PASS_CONJ_IN)
                a.y = -a.y;
            v[k][e] = a;
        }
    }
    if (p > 1) {
        #pragma unroll
        for (int k = 0; k < B; k++)
            apply_pass_twiddles(v[k], mode, i, ipc, (t0 + k) & (p - 1), log2Q + log2p, log2n,
                                hi, lo, lo_bits, R);
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
                u[slot(((i + (e & (step - 1)) * ipc) << rest) + (e >> log2step), c, Q, Tp, 1)] = v[k][e];
            barrier(CLK_LOCAL_MEM_FENCE);
            #pragma unroll
            for (int e = 0; e < R; e++)
                v[k][e] = u[slot(i + e * ipc, c, Q, Tp, 1)];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (rest)
        s = 1 << rest;
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
                    u[slot(((i - kb) << log2R) + kb + m * s, c, Q, Tp, 1)] = v[k][m];
                barrier(CLK_LOCAL_MEM_FENCE);
                #pragma unroll
                for (int e = 0; e < R; e++)
                    v[k][e] = u[slot(i + e * ipc, c, Q, Tp, 1)];
                barrier(CLK_LOCAL_MEM_FENCE);
            }
        }
    }

    if (rows) {
        /* the radix-B stage across the row's columns, in registers; output j + Q*q */
        __global real2_t *out = y + row * (size_t)n;
        #pragma unroll
        for (int e = 0; e < R; e++) {
            int j = i + e * ipc;
            real2_t a[16];
            #pragma unroll
            for (int k = 0; k < B; k++)
                a[k] = v[k][e];
            if (B > 1) {
                real2_t w[16];
                twiddle_powers(w, mode, j, log2n, log2n, hi, lo, lo_bits, B);
                #pragma unroll
                for (int k = 1; k < B; k++)
                    a[k] = cmul(a[k], w[k]);
                dft_r(a, B);
            }
            #pragma unroll
            for (int q = 0; q < B; q++) {
                if (flags & PASS_CONJ_OUT)
                    a[q].y = -a[q].y;
                out[j + (size_t)q * Q] = a[q];
            }
        }
    } else {
        /* column t's output j goes to (t - kk)*Q + kk + j*p, kk = t mod p: for p > 1 the
         * item's B columns land side by side; for p = 1 in runs of consecutive j */
        #pragma unroll
        for (int e = 0; e < R; e++) {
            #pragma unroll
            for (int k = 0; k < B; k++) {
                int t = t0 + k, kk = t & (p - 1);
                real2_t a = v[k][e];
                if (flags & PASS_CONJ_OUT)
                    a.y = -a.y;
                y[row * (size_t)n + (size_t)(t - kk) * Q + kk + (size_t)(i + e * ipc) * p] = a;
            }
        }
    }
}

/* Contract (fft_cols_r<R>_<twiddle>)
 *   work-items : 1-D, groups of FFT_LOCAL_VALUES / R items = Tp * Q/R, Tp = T / FFT_PARTS;
 *                group g does columns g*T .. g*T+T-1 of the batch*(n/Q) columns
 *   args       : as fft_r16_table: x, y (distinct), u local Tp*Q*17/16 values (Tp*Q =
 *                FFT_LOCAL_VALUES), hi/lo (table kernels), n, p, Q, T, batch, flags, lo_bits
 *   reads      : x[row*n + t + j*(n/Q)] for the group's columns, every j < Q, once
 *   writes     : y[row*n + (t - k)*Q + k + j*p], k = t mod p, every j < Q, once
 *   host calls : p = 1, then p *= Q after each launch (Q may differ per launch), swapping
 *                x and y, until p = n; T*Q = FFT_PARTS * FFT_LOCAL_VALUES, T divides n/Q;
 *                R <= Q <= FFT_LOCAL_VALUES; PASS_CONJ_IN first, PASS_CONJ_OUT last for an
 *                inverse.
 * Contract (fft_rows_r<R>_<twiddle>)
 *   work-items : 1-D, groups of FFT_LOCAL_VALUES / R items; group g does row g (batch groups)
 *   args       : as above with n = FFT_PARTS * FFT_LOCAL_VALUES (or FFT_FIXED_N when
 *                defined), p = 1, Q = n / FFT_PARTS, T = FFT_PARTS: the kernel uses these
 *                values, whatever the host passes for p, Q and T
 *   reads      : x[row*n + j], every j < n, once;  writes: y[row*n + k], every k < n, once
 *   host calls : once (a one-pass plan); flags PASS_CONJ_IN | PASS_CONJ_OUT for an inverse. */
#define FFT_PARTS_KERNELS(R, NAME, MODE)                                                       \
    __kernel __attribute__((reqd_work_group_size(FFT_ITEMS_R##R, 1, 1)))                       \
    void fft_cols_r##R##_##NAME(__global const real2_t *x, __global real2_t *y,               \
                                __local real2_t *u, __global const real2_t *hi,               \
                                __global const real2_t *lo, int n, int p, int Q, int T,       \
                                int batch, int flags, int lo_bits)                            \
    {                                                                                          \
        fft_parts(x, y, u, hi, lo, FIXED_OR_ARG(n, FFT_FIXED_N), p, Q, T, batch, flags,       \
                  lo_bits, R, MODE, 0);                                                        \
    }                                                                                          \
    __kernel __attribute__((reqd_work_group_size(FFT_ITEMS_R##R, 1, 1)))                       \
    void fft_rows_r##R##_##NAME(__global const real2_t *x, __global real2_t *y,               \
                                __local real2_t *u, __global const real2_t *hi,               \
                                __global const real2_t *lo, int n, int p, int Q, int T,       \
                                int batch, int flags, int lo_bits)                            \
    {                                                                                          \
        fft_parts(x, y, u, hi, lo, FIXED_OR_ARG(n, FFT_FIXED_N), 1,                           \
                  FIXED_OR_ARG(n, FFT_FIXED_N) / FFT_PARTS, FFT_PARTS, batch, flags,          \
                  lo_bits, R, MODE, 1);                                                        \
    }

/* Only the radices whose group fits the device (FFT_MAX_ITEMS, from the host): a
 * reqd_work_group_size above the device's maximum is a build error on some drivers.
 * FFT_ITEMS_R<R> = FFT_LOCAL_VALUES / R comes from the host as a plain number, and so
 * does FFT_PARTS_TWIDDLE, the one twiddle strategy the run uses (fewer kernels to build). */
#if FFT_PARTS_TWIDDLE == TWIDDLE_TABLE
#define FFT_PARTS_FOR(R) FFT_PARTS_KERNELS(R, table, TWIDDLE_TABLE)
#elif FFT_PARTS_TWIDDLE == TWIDDLE_SINCOS
#define FFT_PARTS_FOR(R) FFT_PARTS_KERNELS(R, sincos, TWIDDLE_SINCOS)
#else
#define FFT_PARTS_FOR(R) FFT_PARTS_KERNELS(R, native, TWIDDLE_NATIVE)
#endif
#if FFT_ITEMS_R4 <= FFT_MAX_ITEMS
FFT_PARTS_FOR(4)
#endif
#if FFT_ITEMS_R8 <= FFT_MAX_ITEMS
FFT_PARTS_FOR(8)
#endif
#if FFT_ITEMS_R16 <= FFT_MAX_ITEMS
FFT_PARTS_FOR(16)
#endif
#endif /* FFT_PARTS */
