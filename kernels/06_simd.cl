/* 06_mixed_radix, --variant simd — the mixed-radix Stockham passes, shaped for a CPU.
 *
 * The shape is chapter 05's (kernels/05_simd.cl and chapters/05_register_radix/README.md,
 * "On a CPU: the SIMD register as the warp"): a work-item does 8 neighbouring columns of a
 * pass at once, every complex value held planar, one vector of 8 real parts and one of 8
 * imaginary parts (float8 = a ymm register, double8 = a zmm one), so a complex add is two
 * vector adds whatever pocl's work-item vectorizer thinks. A whole radix-Q column lives
 * in registers, no local memory, no barriers. What is new here is the mixed radices:
 *
 * One pass (N, p, Q), as in kernels/06_passes.cl: column t = s*p + k (k < p) of a row,
 *     v[j] = x[t + j*(N/Q)] * w_(Q*p)^(j*k),  j < Q;   V = DFT_Q(v);   y[s*p*Q + k + j*p] = V[j]
 * The 8 lanes take 8 CONSECUTIVE k of one s (k0 .. k0+7): then the loads x[s*p + k0 + j*N/Q
 * ..+8), the twiddles (one table row per factor, indexed by k) and the stores y[s*p*Q + k0
 * + j*p ..+8) are each 8 neighbouring values, one vector load or store. That needs p >= 8.
 * When 8 does not divide p (p = 3^4, 5^3, ...), the last block of a row of k is shifted
 * back to k0 = p - 8 and overlaps the one before it: a few lanes redo a column and write
 * the same values to the same places again (a pass reads x and writes y, distinct buffers,
 * so a repeat is harmless). The first pass (p = 1) has k = 0 and takes 8 consecutive t
 * instead (the same overlap at the end of the row, so N/Q >= 8); its outputs y[t*Q + j]
 * are consecutive in j, not t: a transpose, done with vector shuffles in 8 x 8 blocks
 * when 8 divides Q, else lane by lane as in 05.
 *
 * DFT_Q on vectors: Q = Q1*Q2*Q3 of the blocks 2, 3, 4, 5, 7, 8 (Q3, Q2 may be 1), by the
 * "four-step" split (05's simd_dft_split, one level deeper): DFT_A on strided values,
 * twiddles w_Q^(n2*k1), then DFT_(B*C) the same way. The odd blocks use the symmetric
 * pairing of kernels/06_mixed_radix.cl (X[k] and X[r-k] from one sum of cosines and one of
 * sines), written here for cv values with the constants in __constant tables indexed by
 * compile-time constants, so they fold into the code. The split's own twiddles w_Q^m come
 * from the host table (a multiple of a quarter or an eighth turn is done without it): the
 * same for every lane, so a broadcast load from L1, no trigonometry in the kernel.
 *
 * Pass twiddles w_(Qp)^(j*k): the host stores, for every k < p, the "digit" factors
 * w^(k*m) for m = 1 .. BASE-1 and m = BASE, 2*BASE, ... < Q (BASE = ceil(sqrt Q)), real
 * and imaginary parts apart (factor e: reals at TW + e*2p + k, imaginary parts at
 * TW + e*2p + p + k). w^(j*k) = factor(j mod BASE) * factor(BASE * (j / BASE)): one
 * product at most, so every twiddle is within an ulp or two of exact, and the table is
 * 2*sqrt(Q) values per k, not Q.
 *
 * Everything that shapes the passes is a -D constant from the host
 * (chapters/06_mixed_radix/main.c, simd_build_options; --explain prints them):
 *     SV_N, SV_NPASS                  the row length, the number of passes (<= 8)
 *     SV<n>_Q, SV<n>_P                pass n's radix and span p
 *     SV<n>_A, SV<n>_B, SV<n>_C       its blocks Q1, Q2, Q3 (Q = Q1*Q2*Q3; Q2, Q3 = 1 when
 *                                     unused; the code names them A, B, C)
 *     SV<n>_BASE, SV<n>_TW, SV<n>_IN  the digit base, the offsets (in reals) of its pass
 *                                     factors and of its w_Q^m (m < Q, re/im interleaved)
 * so every loop over a column unrolls and every index into v[] is a constant.
 * Inverse: conj on the way in (first pass) and out (last pass), as in 05 and 06.
 * Built only with -D FFT_SIMD (the simd variant): main.c puts this file in every 06
 * program, and without FFT_SIMD it compiles to nothing.
 *
 * Notation: docs/notation.md */
#ifdef FFT_SIMD

#define SV_VL 8                 /* lanes per work-item: 8 columns */
#define SV_CONJ_IN 1
#define SV_CONJ_OUT 2
/* cv, its loads, stores and arithmetic, and sv_dft2/4/8: kernels/simd_cv.cl (built in
 * front of this file). vreal2: the 16-wide vector of an interleaved load. */
#ifdef FFTLAB_DOUBLE
typedef double16 vreal2;
#else
typedef float16 vreal2;
#endif

/* cos(2 pi m/r) and sin(2 pi m/r), m < r, for the odd blocks r = 3, 5, 7 (bc -l, 20
 * digits; real_t rounds them). Indexed by constants once the loops unroll, so the loads
 * fold into immediate operands. */
__constant real_t sv_cos3[3] = {(real_t)1.0, (real_t)-0.5, (real_t)-0.5};
__constant real_t sv_sin3[3] = {(real_t)0.0, (real_t)0.86602540378443864676,
                                (real_t)-0.86602540378443864676};
__constant real_t sv_cos5[5] = {(real_t)1.0, (real_t)0.30901699437494742410,
                                (real_t)-0.80901699437494742410, (real_t)-0.80901699437494742410,
                                (real_t)0.30901699437494742410};
__constant real_t sv_sin5[5] = {(real_t)0.0, (real_t)0.95105651629515357211,
                                (real_t)0.58778525229247312916, (real_t)-0.58778525229247312916,
                                (real_t)-0.95105651629515357211};
__constant real_t sv_cos7[7] = {(real_t)1.0, (real_t)0.62348980185873353052,
                                (real_t)-0.22252093395631440428, (real_t)-0.90096886790241912623,
                                (real_t)-0.90096886790241912623, (real_t)-0.22252093395631440428,
                                (real_t)0.62348980185873353052};
__constant real_t sv_sin7[7] = {(real_t)0.0, (real_t)0.78183148246802980870,
                                (real_t)0.97492791218182360701, (real_t)0.43388373911755812047,
                                (real_t)-0.43388373911755812047, (real_t)-0.97492791218182360701,
                                (real_t)-0.78183148246802980870};

static SV_INLINE real_t sv_cos(const int r, const int m)
{
    return r == 3 ? sv_cos3[m] : r == 5 ? sv_cos5[m] : sv_cos7[m];
}
static SV_INLINE real_t sv_sin(const int r, const int m)
{
    return r == 3 ? sv_sin3[m] : r == 5 ? sv_sin5[m] : sv_sin7[m];
}

/* ---------------------------------------------------------------- the blocks
 * Forward DFTs of r values in place, natural order, every lane its own column: 2, 4 and
 * 8 are simd_cv.cl's sv_dft2/4/8; the odd primes here. */
/* Odd prime r (3, 5, 7): pair v[n] and v[r-n], a_n = sum, b_n = difference; then
 *     X[k]   = v0 + sum_n cos(2 pi kn/r) a_n - i sum_n sin(2 pi kn/r) b_n
 *     X[r-k] = v0 + sum_n cos(2 pi kn/r) a_n + i sum_n sin(2 pi kn/r) b_n
 * (kernels/06_mixed_radix.cl explains the pairing). With R = the cosine sum and S the
 * sine sum, -i*S = (S.im, -S.re): X[k] = (R.re + S.im, R.im - S.re), X[r-k] the other
 * signs. */
static SV_INLINE void sv_dft_odd(cv *v, const int r)
{
    const int h = (r - 1) / 2;
    cv a[3], b[3];
    #pragma unroll
    for (int n = 1; n <= h; n++) {
        a[n - 1] = cv_add(v[n], v[r - n]);
        b[n - 1] = cv_sub(v[n], v[r - n]);
    }
    cv x0 = v[0], sum = a[0];
    #pragma unroll
    for (int n = 2; n <= h; n++)
        sum = cv_add(sum, a[n - 1]);
    v[0] = cv_add(x0, sum);
    #pragma unroll
    for (int k = 1; k <= h; k++) {
        cv R = x0, S = cv_scale(b[0], sv_sin(r, k % r));
        #pragma unroll
        for (int n = 1; n <= h; n++) {
            real_t c = sv_cos(r, (k * n) % r);
            R = (cv){R.re + c * a[n - 1].re, R.im + c * a[n - 1].im};
        }
        #pragma unroll
        for (int n = 2; n <= h; n++) {
            real_t s = sv_sin(r, (k * n) % r);
            S = (cv){S.re + s * b[n - 1].re, S.im + s * b[n - 1].im};
        }
        v[k] = (cv){R.re + S.im, R.im - S.re};
        v[r - k] = (cv){R.re - S.im, R.im + S.re};
    }
}

static SV_INLINE void sv_dft_small(cv *v, const int r)
{
    if (r == 2) sv_dft2(v);
    else if (r == 4) sv_dft4(v);
    else if (r == 8) sv_dft8(v);
    else if (r == 3 || r == 5 || r == 7) sv_dft_odd(v, r);
    /* r == 1: nothing */
}

/* a * w_Q^m, m and Q constants: a quarter or eighth turn without a multiply table
 * (the branches fold away), else c + i s from the pass's w_Q table (WQ: re, im
 * interleaved, m < Q). */
static SV_INLINE cv sv_twiddle(cv a, int m, const int Q, __global const real_t *wq)
{
    m %= Q;
    if (m == 0)
        return a;
    if ((4 * m) % Q == 0) {
        const int q = 4 * m / Q;
        return q == 1 ? cv_mmi(a) : q == 2 ? cv_neg(a) : cv_mi(a);
    }
    if ((8 * m) % Q == 0) {
        /* (1 - i)/sqrt 2 times (-i)^((e-1)/2), e = 8m/Q odd */
        const int e = 8 * m / Q;
        cv b = {(a.re + a.im) * SV_SQRT1_2, (a.im - a.re) * SV_SQRT1_2};
        return e == 1 ? b : e == 3 ? cv_mmi(b) : e == 5 ? cv_neg(b) : cv_mi(b);
    }
    return cv_mulk(a, wq[2 * m], wq[2 * m + 1]);
}

/* DFT of A*B values in place, A, B blocks; its twiddles w_(AB)^(n2*k1) = w_Q^(n2*k1*MUL),
 * Q = A*B*MUL (the pass's Q, whose table WQ holds):
 *     a[n2][k1] = w^(n2*k1) * DFT_A(v[n2 + B*n1], n1 < A)[k1]
 *     X[k1 + A*k2] = DFT_B(a[n2][k1], n2 < B)[k2]
 * All indices constant after unrolling, so v[], a[], t[] are registers (or L1 spills). */
static SV_INLINE void sv_dft_ab(cv *v, const int A, const int B, const int MUL, const int Q,
                                __global const real_t *wq)
{
    cv a[64];
    #pragma unroll
    for (int n2 = 0; n2 < B; n2++) {
        cv t[8];
        #pragma unroll
        for (int n1 = 0; n1 < A; n1++)
            t[n1] = v[n2 + B * n1];
        sv_dft_small(t, A);
        #pragma unroll
        for (int k1 = 0; k1 < A; k1++)
            a[n2 * A + k1] = sv_twiddle(t[k1], n2 * k1 * MUL, Q, wq);
    }
    #pragma unroll
    for (int k1 = 0; k1 < A; k1++) {
        cv t[8];
        #pragma unroll
        for (int n2 = 0; n2 < B; n2++)
            t[n2] = a[n2 * A + k1];
        sv_dft_small(t, B);
        #pragma unroll
        for (int k2 = 0; k2 < B; k2++)
            v[k1 + A * k2] = t[k2];
    }
}

/* DFT of Q = A*B*C values: one block, two (sv_dft_ab), or A and then B*C the same way. */
static SV_INLINE void sv_dft(cv *v, const int A, const int B, const int C, const int Q,
                             __global const real_t *wq)
{
    if (B * C == 1) {
        sv_dft_small(v, A);
    } else if (C == 1) {
        sv_dft_ab(v, A, B, 1, Q, wq);
    } else {
        const int R = B * C;
        cv a[64];
        #pragma unroll
        for (int n2 = 0; n2 < R; n2++) {
            cv t[8];
            #pragma unroll
            for (int n1 = 0; n1 < A; n1++)
                t[n1] = v[n2 + R * n1];
            sv_dft_small(t, A);
            #pragma unroll
            for (int k1 = 0; k1 < A; k1++)
                a[n2 * A + k1] = sv_twiddle(t[k1], n2 * k1, Q, wq);
        }
        #pragma unroll
        for (int k1 = 0; k1 < A; k1++) {
            cv u[64];
            #pragma unroll
            for (int n2 = 0; n2 < R; n2++)
                u[n2] = a[n2 * A + k1];
            sv_dft_ab(u, B, C, A, Q, wq);
            #pragma unroll
            for (int k2 = 0; k2 < R; k2++)
                v[k1 + A * k2] = u[k2];
        }
    }
}

/* The 8 x 8 transpose for the p = 1 store: 8 vectors r[j] (lane l = column t0+l) become
 * 8 vectors r[l] over j. Three rounds of a perfect shuffle, each pairing r[i] with r[i+4]
 * by interleaving their low and their high halves, transpose an 8 x 8 block; each
 * shuffle has constant lanes and becomes one two-source permute (vpermt2ps/pd in the
 * objdump), instead of the trip through the stack that lane-by-lane extraction takes. */
static SV_INLINE vreal sv_ilv_lo(vreal a, vreal b)
{
    return (vreal)(a.s0, b.s0, a.s1, b.s1, a.s2, b.s2, a.s3, b.s3);
}
static SV_INLINE vreal sv_ilv_hi(vreal a, vreal b)
{
    return (vreal)(a.s4, b.s4, a.s5, b.s5, a.s6, b.s6, a.s7, b.s7);
}
static SV_INLINE void sv_transpose8(vreal *r)
{
    #pragma unroll
    for (int round = 0; round < 3; round++) {
        vreal n[8];
        #pragma unroll
        for (int i = 0; i < 4; i++) {
            n[2 * i] = sv_ilv_lo(r[i], r[i + 4]);
            n[2 * i + 1] = sv_ilv_hi(r[i], r[i + 4]);
        }
        #pragma unroll
        for (int i = 0; i < 8; i++)
            r[i] = n[i];
    }
}

/* ---------------------------------------------------------------- one block of a pass
 * Columns s*P + k0 .. + 7 of the pass (N, P, Q) over the row at x[row], y[row] (row a
 * multiple of N, in complex values); P = 1: columns k0 .. k0+7 (s = 0). What one
 * work-item does once (fft_simd_p<n>) or many times (fft_simd_rows). */
static SV_INLINE void sv_columns(__global const real_t *x, __global real_t *y,
                                 __global const real_t *tw, size_t row, int s, int k0,
                                 const int flags, const int N, const int Q, const int P,
                                 const int A, const int B, const int C, const int BASE,
                                 const int TW, const int IN)
{
    const int M = N / Q;   /* distance between a column's values */
    cv v[64];
    __global const real_t *in = x + 2 * (row + (size_t)s * P + k0);
    #pragma unroll
    for (int j = 0; j < Q; j++) {
        v[j] = cv_ld(in + 2 * (size_t)j * M);
        if (flags & SV_CONJ_IN)
            v[j].im = -v[j].im;
    }
    if (P > 1) {
        /* w^(j*k) = f(j mod BASE) * f(BASE*(j / BASE)); f(m) one vector load per part */
        __global const real_t *f = tw + TW + k0;
        #pragma unroll
        for (int j = 1; j < Q; j++) {
            const int lo = j % BASE, hi = j / BASE;
            cv w;
            if (lo) {
                const int e = lo - 1;
                w = (cv){vload8(0, f + e * 2 * P), vload8(0, f + e * 2 * P + P)};
            }
            if (hi) {
                const int e = BASE - 1 + hi - 1;
                cv g = {vload8(0, f + e * 2 * P), vload8(0, f + e * 2 * P + P)};
                w = lo ? cv_mul(w, g) : g;
            }
            v[j] = cv_mul(v[j], w);
        }
    }
    sv_dft(v, A, B, C, Q, tw + IN);
    if (flags & SV_CONJ_OUT) {
        #pragma unroll
        for (int j = 0; j < Q; j++)
            v[j].im = -v[j].im;
    }
    if (P > 1) {
        __global real_t *out = y + 2 * (row + (size_t)s * P * Q + k0);
        #pragma unroll
        for (int j = 0; j < Q; j++)
            cv_st(v[j], out + 2 * (size_t)j * P);
    } else if (Q % 8 == 0) {
        /* lane l's outputs are y[(k0+l)*Q + j]: 8*Q consecutive values, a transpose of v.
         * In 8 x 8 blocks: lane l's values j = jb .. jb+7 are 8 neighbouring complex values
         * at out[l*Q + jb]; transpose the real and the imaginary parts, then one
         * interleaving store per lane (measured 5-7 % faster at 1000 x 1024, 3072 x 341
         * and 10^6 than the lane-by-lane writes below) */
        __global real_t *out = y + 2 * (row + (size_t)k0 * Q);
        #pragma unroll
        for (int jb = 0; jb < Q; jb += 8) {
            vreal re[8], im[8];
            #pragma unroll
            for (int j = 0; j < 8; j++) {
                re[j] = v[jb + j].re;
                im[j] = v[jb + j].im;
            }
            sv_transpose8(re);
            sv_transpose8(im);
            #pragma unroll
            for (int l = 0; l < SV_VL; l++)
                cv_st((cv){re[l], im[l]}, out + 2 * (l * Q + jb));
        }
    } else {
        /* Q = 9, 25, 27, 49, ...: the same transpose written lane by lane, as scalars taken
         * from the vectors (constant indices once unrolled; LLVM goes through the stack) */
        __global real_t *out = y + 2 * (row + (size_t)k0 * Q);
        #pragma unroll
        for (int l = 0; l < SV_VL; l++) {
            #pragma unroll
            for (int j = 0; j < Q; j++) {
                out[2 * (l * Q + j)] = ((real_t *)&v[j].re)[l];
                out[2 * (l * Q + j) + 1] = ((real_t *)&v[j].im)[l];
            }
        }
    }
}

/* Blocks of 8 columns per row in pass (N, P, Q): P = 1, ceil((N/Q) / 8) blocks of t;
 * else N/(Q*P) values of s times ceil(P/8) blocks of k. */
#define SV_BLOCKS(N, Q, P) ((P) == 1 ? ((N) / (Q) + 7) / 8 : (N) / ((Q) * (P)) * (((P) + 7) / 8))

/* Block b of a row: which s and k0 (the last block of k, or of t, shifted back so it ends
 * at P, or at N/Q, overlapping the one before). */
static SV_INLINE void sv_block(__global const real_t *x, __global real_t *y,
                               __global const real_t *tw, size_t row, int b, const int flags,
                               const int N, const int Q, const int P, const int A, const int B,
                               const int C, const int BASE, const int TW, const int IN)
{
    if (P == 1) {
        int t0 = min(b * SV_VL, N / Q - SV_VL);
        sv_columns(x, y, tw, row, 0, t0, flags, N, Q, P, A, B, C, BASE, TW, IN);
    } else {
        const int kb = (P + SV_VL - 1) / SV_VL;
        int s = b / kb, k0 = min((b % kb) * SV_VL, P - SV_VL);
        sv_columns(x, y, tw, row, s, k0, flags, N, Q, P, A, B, C, BASE, TW, IN);
    }
}

/* Contract (fft_simd_p<n>, n = 0 .. SV_NPASS-1: pass n on its own)
 *   work-items : 1-D, `items` = batch * SV_BLOCKS(N, Q, P) of them (the global size may be
 *                larger: extra items return at once); item g does block g mod SV_BLOCKS
 *                of row g / SV_BLOCKS (8 columns, see sv_block); any group size, no
 *                local memory, no barriers
 *   args       : x, y (distinct buffers, interleaved complex as real_t), tw (the table:
 *                pass factors at SV<n>_TW, w_Q at SV<n>_IN), flags (SV_CONJ_IN on the
 *                first pass, SV_CONJ_OUT on the last, for an inverse), items
 *   reads      : x[row*N + s*P + k + j*(N/Q)], j < Q, for its 8 columns; tw as above
 *   writes     : y[row*N + s*P*Q + k + j*P], j < Q (P = 1: y[row*N + t*Q + j]); columns
 *                two blocks share (the shifted last block) are written twice, equal
 *   host calls : fft_simd_p0, p1, ... in order, swapping x and y after each; the result
 *                is in y of the last. */
#define SV_PASS_KERNEL(k)                                                                   \
    __kernel void fft_simd_p##k(__global const real_t *x, __global real_t *y,               \
                                __global const real_t *tw, int flags, int items)           \
    {                                                                                       \
        const int nb = SV_BLOCKS(SV_N, SV##k##_Q, SV##k##_P);                               \
        int g = get_global_id(0);                                                           \
        if (g >= items)                                                                     \
            return;                                                                         \
        sv_block(x, y, tw, (size_t)(g / nb) * SV_N, g % nb, flags, SV_N, SV##k##_Q,         \
                 SV##k##_P, SV##k##_A, SV##k##_B, SV##k##_C, SV##k##_BASE, SV##k##_TW,      \
                 SV##k##_IN);                                                               \
    }

/* All passes of one row, one after another, by one work-item (05's fft_simd_rows: the
 * row stays in the core's caches between passes; a work-item sees its own global writes
 * in order, so no barrier). Pass n reads the buffer pass n-1 wrote. */
#define SV_ROW_PASS(k, src, dst)                                                            \
    for (int b = 0; b < SV_BLOCKS(SV_N, SV##k##_Q, SV##k##_P); b++)                         \
        sv_block(src, dst, tw, row, b,                                                      \
                 ((k) == 0 ? flags & SV_CONJ_IN : 0) | ((k) == SV_NPASS - 1 ? flags & SV_CONJ_OUT : 0), \
                 SV_N, SV##k##_Q, SV##k##_P, SV##k##_A, SV##k##_B, SV##k##_C, SV##k##_BASE,  \
                 SV##k##_TW, SV##k##_IN);

/* Every pass of the plan over the row at ROW (with TW and FLAGS from the caller), pass 0
 * reading A, then back and forth: the result is in B when SV_NPASS is odd, else in A.
 * fft_simd_rows below, 07's whole-array kernel and 08's whole-row kernel use it. */
#ifdef SV1_Q
#define SV_PASS_1(a, b) SV_ROW_PASS(1, b, a)
#else
#define SV_PASS_1(a, b)
#endif
#ifdef SV2_Q
#define SV_PASS_2(a, b) SV_ROW_PASS(2, a, b)
#else
#define SV_PASS_2(a, b)
#endif
#ifdef SV3_Q
#define SV_PASS_3(a, b) SV_ROW_PASS(3, b, a)
#else
#define SV_PASS_3(a, b)
#endif
#ifdef SV4_Q
#define SV_PASS_4(a, b) SV_ROW_PASS(4, a, b)
#else
#define SV_PASS_4(a, b)
#endif
#ifdef SV5_Q
#define SV_PASS_5(a, b) SV_ROW_PASS(5, b, a)
#else
#define SV_PASS_5(a, b)
#endif
#ifdef SV6_Q
#define SV_PASS_6(a, b) SV_ROW_PASS(6, a, b)
#else
#define SV_PASS_6(a, b)
#endif
#ifdef SV7_Q
#define SV_PASS_7(a, b) SV_ROW_PASS(7, b, a)
#else
#define SV_PASS_7(a, b)
#endif
#define SV_ALL_PASSES(a, b)                                                                 \
    SV_ROW_PASS(0, a, b) SV_PASS_1(a, b) SV_PASS_2(a, b) SV_PASS_3(a, b) SV_PASS_4(a, b)    \
    SV_PASS_5(a, b) SV_PASS_6(a, b) SV_PASS_7(a, b)

#ifdef SV0_Q
SV_PASS_KERNEL(0)
#endif
#ifdef SV1_Q
SV_PASS_KERNEL(1)
#endif
#ifdef SV2_Q
SV_PASS_KERNEL(2)
#endif
#ifdef SV3_Q
SV_PASS_KERNEL(3)
#endif
#ifdef SV4_Q
SV_PASS_KERNEL(4)
#endif
#ifdef SV5_Q
SV_PASS_KERNEL(5)
#endif
#ifdef SV6_Q
SV_PASS_KERNEL(6)
#endif
#ifdef SV7_Q
SV_PASS_KERNEL(7)
#endif

/* Contract (fft_simd_rows: all passes of a row in one launch)
 *   work-items : 1-D, batch groups of ONE work-item; item g does row g through all
 *                SV_NPASS passes
 *   args       : x, y (distinct), tw (as fft_simd_p<n>), flags (SV_CONJ_IN | SV_CONJ_OUT
 *                for an inverse)
 *   reads      : x[g*N .. g*N + N) in pass 0, then what its previous pass wrote
 *   writes     : pass n writes y for even n, x for odd n (x is overwritten when
 *                SV_NPASS > 1); the result is in y if SV_NPASS is odd, else in x
 *   host calls : once. */
#ifdef SV1_Q
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void fft_simd_rows(__global real_t *x, __global real_t *y, __global const real_t *tw, int flags)
{
    size_t row = (size_t)get_global_id(0) * SV_N;
    SV_ALL_PASSES(x, y)
}
#endif

#endif /* FFT_SIMD */
