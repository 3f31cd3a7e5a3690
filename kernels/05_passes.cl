/* 05_register_radix — the passes: a work-group does whole sub-FFTs ("columns").
 *
 * A pass with parameters (span p, radix Q) over rows of length N (the kernels' argument n)
 * does, for every column t of a row (t = 0 .. N/Q - 1) — the same Stockham step as
 * chapters 02-04, with radix Q:
 *     v[j] = x[t + j*(N/Q)] * w_(Q*p)^(j*k),  k = t mod p,  j = 0 .. Q-1
 *     V    = DFT_Q(v)
 *     y[(t - k)*Q + k + j*p] = V[j]
 * Q is not done by one work-item. It is factored into register radices, e.g.
 * 1024 = 4 * 16 * 16: a column belongs to Q/R work-items that each hold R values in
 * registers (R = 4, 8 or 16, fixed per kernel), and the column's DFT is a short Stockham
 * FFT of its own — a stage is "twiddle, dftR in registers", and between stages the items
 * trade values through local memory, the only thing local memory is used for.
 *
 *   stage (radix r, sub-span s, item i owns butterfly b = i):
 *       reads  u[b + m*(Q/r)],  m < r     (in registers already: v[m])
 *       twiddle v[m] *= w_(r*s)^(m*(b mod s));  dft_r(v)
 *       writes u[(b - b mod s)*r + b mod s + m*s]
 *   A radix r < R (the leftover when log2 Q is not a multiple of log2 R) comes first,
 *   where s = 1 and there are no twiddles: item i then does R/r butterflies of radix r.
 *
 * Where item i's values sit: always at column positions i + e*(Q/R), e = 0 .. R-1, both
 * before the first stage and after the last. So loads and stores touch global memory
 * straight from registers; how they are spread over work-items decides coalescing:
 *   N == Q (one pass does the whole row): item i of the column is lane i, T rows share a
 *          group; item i reads x[row*N + i + e*(Q/R)]: consecutive lanes, consecutive
 *          addresses, and the same for the stores.
 *   N > Q  (one pass of several): T neighbouring columns t share a group and the column
 *          index is the fastest lane index, so lanes read x[t + j*(N/Q)] for T
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
 * follows G. Dal's thesis (3.2.3-3.2.5, 4.2.1) and Apple's OpenCL_FFT notes.
 *
 * Notation: docs/notation.md */

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
#ifdef FL_EXERCISE_DFT32
void dft32(real2_t *v) INLINE; /* exercise dft32 (the chapter has no radix 32 of its own) */
#define FFT_MAX_R 32
#else
#define FFT_MAX_R 16            /* the largest register radix: the size of v[] */
#endif
/* The leftover stages a run's passes take (log2 Q mod log2 R, as bits of FFT_ONLY_REST,
 * main.c), so a kernel compiles only those; without it, every one. */
#ifdef FFT_ONLY_REST
#define FFT_WANT_REST(r) (((FFT_ONLY_REST) >> (r)) & 1)
#else
#define FFT_WANT_REST(r) 1
#endif
real2_t twiddle(int mode, int a, int log2M, int log2n, __global const real2_t *hi,
                __global const real2_t *lo, int lo_bits) INLINE;

INLINE int ilog2(int v)
{
    return 31 - clz(v);
}

/* Local-memory address A with one extra slot every 16 values, so that lanes writing 16
 * values apart (stride R) fall on different banks. For experiments (the chapter's
 * NOTES.md), FFTLAB_BUILD_OPTIONS may add -D FFT_NO_PAD
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
#ifdef FL_EXERCISE_DFT32
    else if (r == 32) dft32(v);
#endif
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
 * would not be constants and v would leave the registers (an experiment that passed r
 * at run time ran 2.6x slower at N = 1024 on an H100: the chapter's NOTES.md). */
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
#ifdef FL_EXERCISE_DFT32
    if (R >= 32) {
        w[16] = twiddle(mode, (16 * a) & mask, log2M, log2n, hi, lo, lo_bits);
        for (int m = 17; m < 32; m++)
            w[m] = cmul(w[16], w[m - 16]);
    }
#endif
}

/* Contract (every fft_r<R>_<twiddle> kernel)
 *   work-items : 1-D, groups of T*Q/R items; group g does columns g*T .. g*T+T-1 of the
 *                batch*(N/Q) columns (the last group's extra columns do no loads or stores)
 *   args       : x, y (distinct buffers), u local T*Q*17/16 values, hi/lo twiddle tables
 *                (read by the table kernels only), n (= N), p, Q, T, batch, flags, lo_bits
 *   reads      : x[row*N + t + j*(N/Q)] for the group's columns, every j < Q, once
 *   writes     : y[row*N + (t - k)*Q + k + j*p], every j < Q, once (k = t mod p)
 *   host calls : p = 1, then p *= Q after each launch (Q may differ per launch), swapping
 *                x and y, until p = N; Q, T powers of two, R <= Q <= N; when N > Q,
 *                T divides N/Q. PASS_CONJ_IN on the first launch and PASS_CONJ_OUT on the
 *                last for an inverse. */
INLINE void fft_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
              __global const real2_t *hi, __global const real2_t *lo, int n, int p, int Q,
              int T, int batch, int flags, int lo_bits, const int R, const int mode)
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
    real2_t v[FFT_MAX_R];

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
            real2_t w[FFT_MAX_R];
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
#if FFT_WANT_REST(1)
    if (rest == 1)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 2, R);
#endif
#if FFT_WANT_REST(2)
    if (rest == 2)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 4, R);
#endif
#if FFT_WANT_REST(3)
    if (rest == 3)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 8, R);
#endif
#if defined(FL_EXERCISE_DFT32) && FFT_WANT_REST(4)
    if (R > 16 && rest == 4)
        leftover_stage(v, u, i, c, Q, T, ipc, columns_fastest, 16, R);
#endif
    if (rest)
        s = 1 << rest;
    for (; s < Q; s <<= log2R) {
        int kb = i & (s - 1);
        if (s > 1) {
            real2_t w[FFT_MAX_R];
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
#define FFT_PASS_KERNEL(R, NAME, MODE)                                                         \
    __kernel void fft_r##R##_##NAME(__global const real2_t *x, __global real2_t *y,            \
                                    __local real2_t *u, __global const real2_t *hi,           \
                                    __global const real2_t *lo, int n, int p, int Q, int T,   \
                                    int batch, int flags, int lo_bits)                        \
    {                                                                                          \
        fft_pass(x, y, u, hi, lo, n, p, Q, T, batch, flags, lo_bits, R, MODE);                \
    }

/* Only the kernels a run launches: the host names their radices (a sum of powers of two)
 * and twiddle strategy with -D FFT_ONLY_R and -D FFT_ONLY_TW (main.c, build_options), so
 * a run compiles one or two kernels, not twelve (and FFT_ONLY_REST above trims their
 * leftover stages): pocl compiles a program's every kernel, and an edited exercise file
 * makes a new program. Without them, every kernel. */
#ifdef FFT_ONLY_R
#define FFT_WANT(R, MODE) (((FFT_ONLY_R) & (R)) && (MODE) == FFT_ONLY_TW)
#else
#define FFT_WANT(R, MODE) 1
#endif
#if FFT_WANT(2, TWIDDLE_SINCOS)
FFT_PASS_KERNEL(2, sincos, TWIDDLE_SINCOS)
#endif
#if FFT_WANT(4, TWIDDLE_SINCOS)
FFT_PASS_KERNEL(4, sincos, TWIDDLE_SINCOS)
#endif
#if FFT_WANT(8, TWIDDLE_SINCOS)
FFT_PASS_KERNEL(8, sincos, TWIDDLE_SINCOS)
#endif
#if FFT_WANT(16, TWIDDLE_SINCOS)
FFT_PASS_KERNEL(16, sincos, TWIDDLE_SINCOS)
#endif
#if FFT_WANT(2, TWIDDLE_TABLE)
FFT_PASS_KERNEL(2, table, TWIDDLE_TABLE)
#endif
#if FFT_WANT(4, TWIDDLE_TABLE)
FFT_PASS_KERNEL(4, table, TWIDDLE_TABLE)
#endif
#if FFT_WANT(8, TWIDDLE_TABLE)
FFT_PASS_KERNEL(8, table, TWIDDLE_TABLE)
#endif
#if FFT_WANT(16, TWIDDLE_TABLE)
FFT_PASS_KERNEL(16, table, TWIDDLE_TABLE)
#endif
#if FFT_WANT(2, TWIDDLE_NATIVE)
FFT_PASS_KERNEL(2, native, TWIDDLE_NATIVE)
#endif
#if FFT_WANT(4, TWIDDLE_NATIVE)
FFT_PASS_KERNEL(4, native, TWIDDLE_NATIVE)
#endif
#if FFT_WANT(8, TWIDDLE_NATIVE)
FFT_PASS_KERNEL(8, native, TWIDDLE_NATIVE)
#endif
#if FFT_WANT(16, TWIDDLE_NATIVE)
FFT_PASS_KERNEL(16, native, TWIDDLE_NATIVE)
#endif
#if defined(FL_EXERCISE_DFT32) && FFT_WANT(32, TWIDDLE_TABLE)
FFT_PASS_KERNEL(32, table, TWIDDLE_TABLE) /* exercise dft32: register radix 32 */
#endif

/* The row in parts (rows of 2 to 4 local memories) is kernels/05_row_parts.cl, built
 * after this file. */
