/* 07_multidim, --variant simd — the outer axes on a CPU: columns as SIMD lanes.
 *
 * A column FFT along y (or z) transforms the values x[o][j][t], j < N, of column t of
 * plane o; its neighbour t+1 is the same transform of the next values in memory. So 8
 * neighbouring columns are 8 independent transforms with identical arithmetic: put them
 * in the 8 lanes of a vector and every complex value of "the" column FFT is one planar
 * vector pair (06_simd.cl's cv: 8 real parts, 8 imaginary parts). The 8 values j of the
 * 8 columns are 8 consecutive complex numbers, 64 bytes in fp32 (one cache line):
 * one 16-wide load, split into .even/.odd (cv_ld), and the reverse on the way out.
 * Unlike 06's rows, no lane ever needs a value from another lane: there is no shuffle,
 * no transpose, no rule about p >= 8. Every lane does the same thing as a scalar FFT.
 *
 * One work-item does the whole column FFT of its 8 columns, N = SC<a>_N points, as
 * Stockham passes of radix Q = Q1*Q2*Q3 (06_simd.cl's vector blocks, sv_dft):
 *     pass (N, P, Q): t < N/Q, k = t mod P,
 *     v[j] = in[t + j*(N/Q)] * w_(Q*P)^(j*k);  V = DFT_Q(v);  out[(t-k)*Q + k + j*P] = V[j]
 * The first pass reads the columns where they are (global, SC<a>_S values apart), the
 * last writes them back to the other buffer; passes in between go through the work-
 * item's private arrays (on a CPU: its stack, 64 bytes a value, contiguous, so the
 * column's N lines sit in L1/L2 without the set conflicts a power-of-two stride in
 * global memory gives). The twiddles w^(j*k) are the same in all 8 lanes: scalars from
 * the host table (06's layout: digit factors per k, planar), broadcast into the vector
 * multiply.
 *
 * The x axis when its rows are too short for 06's simd rows (Nx < 64, e.g. 32x32x32):
 * the same kernel with 8 consecutive ROWS as the lanes (fft_simd_rows8_x). A block of 8
 * rows of Nx values is contiguous; it is loaded 8 x 8 values at a time and transposed in
 * registers (06's sv_transpose8), so lane l holds row l; the passes run in private
 * memory, and the result is transposed back on the way out.
 *
 * Many small arrays: fft_simd_array (at the end) does all the axes of one array in one
 * work-item, calling the same functions, so the data crosses memory once.
 *
 * -D constants per axis a (y, z; x for the short rows), from common/fft/simd_cols.c:
 *     SC<a>_N, SC<a>_S, SC<a>_NP   length, stride (elements between a column's values;
 *                                  for x: 0), number of passes (<= 7)
 *     SC<a>_P<n>                   pass n: Q,p,Q1,Q2,Q3,BASE,TW,IN (06_simd.cl's meanings)
 * Built only with -D FFT_SIMD_COLS (and 06_simd.cl's -D FFT_SIMD, whose vector type and
 * blocks it uses); without it this file is empty, so the other variants are untouched.
 * Inverse: conj on the first load and the last store of the whole plan (flags).
 *
 * Notation: docs/notation.md */
#ifdef FFT_SIMD_COLS
#ifndef FFT_SIMD
#error "07_simd.cl needs 06_simd.cl's helpers: build with -D FFT_SIMD=1 too"
#endif

/* A pass slot the axis does not use (Q = 1, never called). */
#define SC_NOPASS 1, 1, 1, 1, 1, 1, 0, 0
#define SC_BUF(need, n) ((need) ? (n) : 1)

/* One Stockham pass over the 8 lanes' values. GIN: read value i of the columns from
 * global x at base + i*VS (else src[i]); GOUT: write value i to global y at base + i*VS
 * (else dst[i]). All of Q, P, A, B, C, BASE, TW, IN are constants after inlining. */
static SV_INLINE void sc_pass(__global const real_t *gx, __global real_t *gy, const size_t base,
                              const size_t VS, const cv *src, cv *dst,
                              __global const real_t *tw, const int flags, const int GIN,
                              const int GOUT, const int N, const int Q, const int P, const int A,
                              const int B, const int C, const int BASE, const int TW,
                              const int IN)
{
    const int M = N / Q;
    for (int t = 0; t < M; t++) {
        const int k = t % P, o = (t - k) * Q + k;
        cv v[64];
        #pragma unroll
        for (int j = 0; j < Q; j++) {
            if (GIN) {
                v[j] = cv_ld(gx + 2 * (base + (size_t)(t + j * M) * VS));
                if (flags & SV_CONJ_IN)
                    v[j].im = -v[j].im;
            } else {
                v[j] = src[t + j * M];
            }
        }
        if (P > 1) {
            /* w^(j*k) = f(j mod BASE) * f(BASE*(j / BASE)), scalars: the same in every lane */
            __global const real_t *f = tw + TW + k;
            #pragma unroll
            for (int j = 1; j < Q; j++) {
                const int lo = j % BASE, hi = j / BASE;
                real_t wr = 1, wi = 0;
                if (lo) {
                    wr = f[(lo - 1) * 2 * P];
                    wi = f[(lo - 1) * 2 * P + P];
                }
                if (hi) {
                    const int e = BASE - 1 + hi - 1;
                    real_t gr = f[e * 2 * P], gi = f[e * 2 * P + P];
                    real_t r = wr * gr - wi * gi;
                    wi = wr * gi + wi * gr;
                    wr = r;
                }
                v[j] = cv_mulk(v[j], wr, wi);
            }
        }
        sv_dft(v, A, B, C, Q, tw + IN);
        #pragma unroll
        for (int j = 0; j < Q; j++) {
            if (GOUT) {
                if (flags & SV_CONJ_OUT)
                    v[j].im = -v[j].im;
                cv_st(v[j], gy + 2 * (base + (size_t)(o + j * P) * VS));
            } else {
                dst[o + j * P] = v[j];
            }
        }
    }
}

/* Pass K of a column axis: global in (K = 0), global out (K = NP-1), private b0/b1 in
 * between (pass K writes b0 for even K, b1 for odd K). */
#define SC_COL_STEP(K, NP, N, S, PASS)                                                      \
    if ((K) < (NP))                                                                         \
        sc_pass(x, y, base, S, ((K) & 1) ? b0 : b1, ((K) & 1) ? b1 : b0, tw, flags,         \
                (K) == 0, (K) == (NP) - 1, N, PASS);

/* Contract (fft_simd_cols_<a>, a = y, z: the whole axis in one launch)
 *   work-items : 1-D, `items` = LINES * ceil(S/8) of them (the global size may be larger:
 *                extra items return at once), any group size; LINES = batch x the axes
 *                outside a, S = SC<a>_S >= 8 the columns side by side
 *   item g     : line o = g / ceil(S/8), columns s0 .. s0+7, s0 = min(8*(g mod ceil(S/8)),
 *                S - 8) (the last block shifted back: its lanes overlap the block before
 *                and write the same values again, harmless as x and y are distinct)
 *   args       : x, y (distinct buffers, interleaved complex as real_t), tw (the axis's
 *                table, 06's layout), flags (SV_CONJ_IN, SV_CONJ_OUT), items
 *   reads      : x[o*N*S + s0 + l + j*S], j < N, l < 8, once (16 reals per j)
 *   writes     : y at the same places, once: the column transforms
 *   host calls : once per axis, after or before the other axes (any order), swapping x
 *                and y after it. */
#define SC_COLS_KERNEL(a)                                                                   \
    /* the 8 columns of one block: x[base + l + j*S] -> y[base + l + j*S] */                \
    static void sc_cols_##a(__global const real_t *x, __global real_t *y,                   \
                            __global const real_t *tw, const int flags, const size_t base)  \
    {                                                                                       \
        cv b0[SC_BUF(SC##a##_NP >= 2, SC##a##_N)], b1[SC_BUF(SC##a##_NP >= 3, SC##a##_N)]; \
        SC_COL_STEP(0, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P0)                        \
        SC_COL_STEP(1, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P1)                        \
        SC_COL_STEP(2, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P2)                        \
        SC_COL_STEP(3, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P3)                        \
        SC_COL_STEP(4, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P4)                        \
        SC_COL_STEP(5, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P5)                        \
        SC_COL_STEP(6, SC##a##_NP, SC##a##_N, SC##a##_S, SC##a##_P6)                        \
    }                                                                                       \
    __kernel void fft_simd_cols_##a(__global const real_t *x, __global real_t *y,          \
                                    __global const real_t *tw, int flags, int items)       \
    {                                                                                       \
        const int nb = (SC##a##_S + SV_VL - 1) / SV_VL;                                     \
        const int g = get_global_id(0);                                                     \
        if (g >= items)                                                                     \
            return;                                                                         \
        sc_cols_##a(x, y, tw, flags, (size_t)(g / nb) * SC##a##_N * SC##a##_S               \
                    + min((g % nb) * SV_VL, SC##a##_S - SV_VL));                            \
    }

/* Pass K of the short rows: all in private memory, b0 -> b1 for even K, b1 -> b0 for odd. */
#define SC_ROW_STEP(K, NP, N, PASS)                                                         \
    if ((K) < (NP))                                                                         \
        sc_pass(x, y, 0, 0, ((K) & 1) ? b1 : b0, ((K) & 1) ? b0 : b1, tw, 0, 0, 0, N, PASS);

/* Contract (fft_simd_rows8_x: rows of Nx = SCx_N points, 8 rows per work-item)
 *   work-items : 1-D, `items` = ceil(ROWS/8) (ROWS >= 8: batch x the outer axes' points),
 *                any group size; item g does rows r0 .. r0+7, r0 = min(8g, ROWS - 8) (the
 *                last block shifted back, overlapping, as above)
 *   args       : x, y (distinct), tw (the axis's table), flags (SV_CONJ_IN, SV_CONJ_OUT),
 *                items, rows (ROWS)
 *   reads      : x[(r0+l)*N + j], l < 8, j < N: 8 whole rows, once
 *   writes     : y at the same places: their transforms
 *   host calls : once for the x axis, swapping x and y after it. */
#ifdef SCx_N
#ifndef SCx_P1
#define SCx_P1 SC_NOPASS
#endif
#ifndef SCx_P2
#define SCx_P2 SC_NOPASS
#endif
#ifndef SCx_P3
#define SCx_P3 SC_NOPASS
#endif
#ifndef SCx_P4
#define SCx_P4 SC_NOPASS
#endif
#ifndef SCx_P5
#define SCx_P5 SC_NOPASS
#endif
#ifndef SCx_P6
#define SCx_P6 SC_NOPASS
#endif
/* 8 rows from r0 (in values): x[r0 + l*N + j] -> y[r0 + l*N + j] */
static void sc_rows8(__global const real_t *x, __global real_t *y, __global const real_t *tw,
                     const int flags, const size_t r0)
{
    const int N = SCx_N;
    cv b0[SCx_N], b1[SCx_N];
    /* in: lane l = row r0 + l; 8 x 8 blocks transposed in registers */
    if (N % 8 == 0) {
        for (int jb = 0; jb < N; jb += 8) {
            vreal re[8], im[8];
            #pragma unroll
            for (int l = 0; l < SV_VL; l++) {
                cv a = cv_ld(x + 2 * (r0 + (size_t)l * N + jb));
                re[l] = a.re;
                im[l] = a.im;
            }
            sv_transpose8(re);
            sv_transpose8(im);
            #pragma unroll
            for (int j = 0; j < 8; j++)
                b0[jb + j] = (cv){re[j], (flags & SV_CONJ_IN) ? -im[j] : im[j]};
        }
    } else {
        for (int j = 0; j < N; j++) {
            #pragma unroll
            for (int l = 0; l < SV_VL; l++) {
                real_t im = x[2 * (r0 + (size_t)l * N + j) + 1];
                ((real_t *)&b0[j].re)[l] = x[2 * (r0 + (size_t)l * N + j)];
                ((real_t *)&b0[j].im)[l] = (flags & SV_CONJ_IN) ? -im : im;
            }
        }
    }
    SC_ROW_STEP(0, SCx_NP, SCx_N, SCx_P0)
    SC_ROW_STEP(1, SCx_NP, SCx_N, SCx_P1)
    SC_ROW_STEP(2, SCx_NP, SCx_N, SCx_P2)
    SC_ROW_STEP(3, SCx_NP, SCx_N, SCx_P3)
    SC_ROW_STEP(4, SCx_NP, SCx_N, SCx_P4)
    SC_ROW_STEP(5, SCx_NP, SCx_N, SCx_P5)
    SC_ROW_STEP(6, SCx_NP, SCx_N, SCx_P6)
    /* the result: b1 after an odd number of passes, else b0 */
    const cv *r = SCx_NP % 2 ? b1 : b0;
    if (N % 8 == 0) {
        for (int jb = 0; jb < N; jb += 8) {
            vreal re[8], im[8];
            #pragma unroll
            for (int j = 0; j < 8; j++) {
                re[j] = r[jb + j].re;
                im[j] = (flags & SV_CONJ_OUT) ? -r[jb + j].im : r[jb + j].im;
            }
            sv_transpose8(re);
            sv_transpose8(im);
            #pragma unroll
            for (int l = 0; l < SV_VL; l++)
                cv_st((cv){re[l], im[l]}, y + 2 * (r0 + (size_t)l * N + jb));
        }
    } else {
        for (int j = 0; j < N; j++) {
            #pragma unroll
            for (int l = 0; l < SV_VL; l++) {
                real_t im = ((const real_t *)&r[j].im)[l];
                y[2 * (r0 + (size_t)l * N + j)] = ((const real_t *)&r[j].re)[l];
                y[2 * (r0 + (size_t)l * N + j) + 1] = (flags & SV_CONJ_OUT) ? -im : im;
            }
        }
    }
}

__kernel void fft_simd_rows8_x(__global const real_t *x, __global real_t *y,
                               __global const real_t *tw, int flags, int items, int rows)
{
    const int g = get_global_id(0);
    if (g >= items)
        return;
    sc_rows8(x, y, tw, flags, (size_t)min(g * SV_VL, rows - SV_VL) * SCx_N);
}
#endif

/* The column axes, their unused pass slots first. */
#ifdef SCy_N
#ifndef SCy_P1
#define SCy_P1 SC_NOPASS
#endif
#ifndef SCy_P2
#define SCy_P2 SC_NOPASS
#endif
#ifndef SCy_P3
#define SCy_P3 SC_NOPASS
#endif
#ifndef SCy_P4
#define SCy_P4 SC_NOPASS
#endif
#ifndef SCy_P5
#define SCy_P5 SC_NOPASS
#endif
#ifndef SCy_P6
#define SCy_P6 SC_NOPASS
#endif
SC_COLS_KERNEL(y)
#endif

#ifdef SCz_N
#ifndef SCz_P1
#define SCz_P1 SC_NOPASS
#endif
#ifndef SCz_P2
#define SCz_P2 SC_NOPASS
#endif
#ifndef SCz_P3
#define SCz_P3 SC_NOPASS
#endif
#ifndef SCz_P4
#define SCz_P4 SC_NOPASS
#endif
#ifndef SCz_P5
#define SCz_P5 SC_NOPASS
#endif
#ifndef SCz_P6
#define SCz_P6 SC_NOPASS
#endif
SC_COLS_KERNEL(z)
#endif

/* ---------------------------------------------------------------- a whole array per item
 * Small arrays, many of them (256 x 256 x batch 16, 32 x 32 x 32 x batch 32): one work-
 * item takes one array through every axis, the array (SCA_POINTS values, at most 2 MiB)
 * staying in the core's caches between the axes, so the batch crosses memory once
 * instead of once per axis. Each axis is exactly what its own launch does: x by
 * 06's simd rows (SCA_X = 1: fft_simd_rows' passes, row after row) or by 8 rows per
 * sc_rows8 (SCA_X = 2), y and z (when SCy_N, SCz_N are defined) by blocks of 8 columns.
 *
 * Contract (fft_simd_array)
 *   work-items : 1-D, batch groups of ONE work-item; item g does array g
 *   args       : x, y (distinct), twx, twy, twz (the axes' tables; any table for an
 *                axis of length 1), fx, fy, fz (each axis's SV_CONJ_IN / SV_CONJ_OUT: the
 *                first axis done conjugates what it reads, the last what it writes)
 *   reads      : x[g*SCA_POINTS ..+ SCA_POINTS), then what its previous axis wrote
 *   writes     : y and x in turn: each axis reads one buffer and writes the other, except
 *                06's rows with an even number of passes, which end where they began
 *   host calls : once (the host counts the swaps to know which buffer holds the result). */
#ifdef SCA_POINTS
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void fft_simd_array(__global real_t *x, __global real_t *y, __global const real_t *twx,
                    __global const real_t *twy, __global const real_t *twz, int fx, int fy,
                    int fz)
{
    const size_t arr = (size_t)get_global_id(0) * SCA_POINTS;
    __global real_t *src = x, *dst = y, *swap;
#if SCA_X == 1
    {
        __global const real_t *tw = twx;
        const int flags = fx;
        for (int r = 0; r < SCA_POINTS / SV_N; r++) {
            const size_t row = arr + (size_t)r * SV_N;
            SV_ALL_PASSES(src, dst)
        }
        if (SV_NPASS % 2) {
            swap = src;
            src = dst;
            dst = swap;
        }
    }
#elif SCA_X == 2
    {
        const int rows = SCA_POINTS / SCx_N;
        for (int r = 0; r < rows; r += SV_VL)
            sc_rows8(src, dst, twx, fx, arr + (size_t)min(r, rows - SV_VL) * SCx_N);
        swap = src;
        src = dst;
        dst = swap;
    }
#endif
#ifdef SCy_N
    {
        const int nb = (SCy_S + SV_VL - 1) / SV_VL;
        for (int o = 0; o < SCA_POINTS / (SCy_N * SCy_S); o++)
            for (int b = 0; b < nb; b++)
                sc_cols_y(src, dst, twy, fy, arr + (size_t)o * SCy_N * SCy_S
                          + min(b * SV_VL, SCy_S - SV_VL));
        swap = src;
        src = dst;
        dst = swap;
    }
#endif
#ifdef SCz_N
    {
        const int nb = (SCz_S + SV_VL - 1) / SV_VL;
        for (int b = 0; b < nb; b++)
            sc_cols_z(src, dst, twz, fz, arr + min(b * SV_VL, SCz_S - SV_VL));
    }
#endif
}
#endif

#endif /* FFT_SIMD_COLS */
