/* 06_mixed_radix — the Stockham passes for N = 2^a 3^b 5^c 7^d, specialized per size.
 *
 * The same pass as chapter 05, with mixed radices. A pass (p, Q) over rows of length N
 * does, for every column t of a row (t = 0 .. N/Q - 1):
 *     v[j] = x[t + j*(N/Q)] * w_(Q*p)^(j*k),  k = t mod p,  j = 0 .. Q-1
 *     V    = DFT_Q(v)
 *     y[(t - k)*Q + k + j*p] = V[j]
 * and Q = r_0 r_1 ... is done inside the work-group as a short Stockham FFT of its own:
 *
 *   stage (radix r, sub-span s = r_0 ... r_(s-1), butterfly b < Q/r):
 *       reads  u[b + m*(Q/r)],  m < r
 *       twiddle v[m] *= w_(r*s)^(m*k), k = b mod s;  dft_r(v)
 *       writes u[(b - k)*r + k + m*s]
 *
 * Self-sorting: no digit-reverse pass, the output index of each stage puts the values in
 * order. The column's I work-items share its butterflies: in a stage of radix r, item i
 * does butterflies b = i, i + I, i + 2I, ... (< Q/r), holding their r values each in its
 * private array v[]; between stages the items trade values through local memory u, the
 * only thing it is used for. The first stage reads global memory and the last writes it.
 *
 * Everything that shapes a pass is a compile-time constant, given by the host as -D
 * options (chapters/06_mixed_radix/main.c, build_options; --explain prints them):
 *     FL_N, FL_LO_BITS        transform length, the twiddle table's split
 *     P<k>_Q, P<k>_P          pass k's Q and p (k = 0 .. 7)
 *     P<k>_I, P<k>_T          work-items per column, columns per group
 *     P<k>_R                  its radices, 12 of them with 0 after the last, e.g.
 *                             -D P0_R=16,3,3,5,0,0,0,0,0,0,0,0 (pasted as 12 arguments)
 *     P0_PARTS                a row in parts (below, fft_row_parts_p0): P0_Q and P0_R
 *                             are one part's, the radix-P0_PARTS stage across the parts
 *                             is the last
 *     P<k>_COLPARTS           pass k's T columns in parts (fft_mixed_parts_p<k>)
 *     FL_PASS_HALVES          every exchange in halves, real parts then imaginary
 *                             (exchange_halves; the host plans it only for a row in parts
 *                             whose part is more than local memory holds whole)
 *     FL_VMAX                 27 where a stage is a block of 25 or 27 points
 *                             (dft_two_level; the host plans them for whole rows of
 *                             3^a and 5^a only), else 24: the register array's size
 * so the stage sequence unrolls, every index into v[] is a constant (v[] stays in
 * registers), every division is by a constant, and kernel fft_mixed_p<k> exists only when
 * P<k>_R is defined. The price is one program per size: pocl builds one in about a second
 * and keeps it in its kernel cache for the next run.
 *
 * Twiddles: the two-level table of chapter 05, hi[x >> b] * lo[x & (2^b - 1)] = w_N^x,
 * which works for any N (the host fills ceil(N / 2^b) and 2^b values). Inverse: conj in
 * the first pass, conj out in the last, as in 05.
 *
 * Idea: the index maps of ARM's mixed-radix article (Nx the span, Ny the radix), turned
 * into chapter 05's self-sorting pass; VkFFT's habit of compiling each size's kernel with
 * its radices built in. */

#define TWIDDLE_SINCOS 0 /* names 05_register_radix.cl's twiddle() expects, built after */
#define TWIDDLE_TABLE 1
#define TWIDDLE_NATIVE 2

#define PASS_CONJ_IN 1
#define PASS_CONJ_OUT 2

#ifndef FL_VMAX
#define FL_VMAX 24 /* values one item may hold in a stage (FL_RADIX_MAX_VALUES); a host
                      that plans the blocks of 25 or 27 points gives 27 */
#endif

#define INLINE __attribute__((always_inline))

/* FOR_M(n, BODY): BODY(0) BODY(1) ... BODY(n-1), n a constant <= 32, unrolled by the
 * preprocessor; BODY is a one-argument macro defined just before the use. A loop over a
 * register array must unroll completely or the array leaves the registers; clang (14)
 * left some of these loops rolled, mixed radices only. (Not a variadic macro taking the
 * body itself: OpenCL C 1.2 has no variadic macros, and NVIDIA's compiler refuses them.) */
#define FL_REP(n, k, BODY) if (k < (n)) { BODY(k) }
#define FOR_M(n, BODY)                                                                     \
    FL_REP(n, 0, BODY) FL_REP(n, 1, BODY) FL_REP(n, 2, BODY) FL_REP(n, 3, BODY)            \
    FL_REP(n, 4, BODY) FL_REP(n, 5, BODY) FL_REP(n, 6, BODY) FL_REP(n, 7, BODY)            \
    FL_REP(n, 8, BODY) FL_REP(n, 9, BODY) FL_REP(n, 10, BODY) FL_REP(n, 11, BODY)          \
    FL_REP(n, 12, BODY) FL_REP(n, 13, BODY) FL_REP(n, 14, BODY) FL_REP(n, 15, BODY)         \
    FOR_M_BIG(n, BODY)
#if FL_VMAX > 24 /* the blocks of 25 and 27 points (dft_two_level below) */
#define FOR_M_BIG(n, BODY)                                                                 \
    FL_REP(n, 16, BODY) FL_REP(n, 17, BODY) FL_REP(n, 18, BODY) FL_REP(n, 19, BODY)        \
    FL_REP(n, 20, BODY) FL_REP(n, 21, BODY) FL_REP(n, 22, BODY) FL_REP(n, 23, BODY)        \
    FL_REP(n, 24, BODY) FL_REP(n, 25, BODY) FL_REP(n, 26, BODY) FL_REP(n, 27, BODY)        \
    FL_REP(n, 28, BODY) FL_REP(n, 29, BODY) FL_REP(n, 30, BODY) FL_REP(n, 31, BODY)
#else
#define FOR_M_BIG(n, BODY)
#endif

/* Blocks defined in kernels/05_register_radix.cl and kernels/06_mixed_radix.cl. */
void dft2(real2_t *v) INLINE;
void dft3(real2_t *v) INLINE;
void dft4(real2_t *v) INLINE;
void dft5(real2_t *v) INLINE;
void dft7(real2_t *v) INLINE;
void dft8(real2_t *v) INLINE;
void dft9(real2_t *v) INLINE;
void dft10(real2_t *v) INLINE;
void dft16(real2_t *v) INLINE;
#ifdef FL_RADIX6
void dft6(real2_t *v) INLINE; /* the exercise's block (--variant dft6) */
#endif
real2_t twiddle_lookup(int x, __global const real2_t *hi, __global const real2_t *lo,
                       int lo_bits) INLINE;

/* Hooks for chapter 08 (Bluestein), built only with -D FL_PASS_HOOKS; without it the
 * pass is chapter 06's (PASS_READ and PASS_WRITE are its plain load and store). With it,
 * the pass below is compiled as mixed_pass_hooked, which takes two tables more (hook_in,
 * hook_out), and three more flags mean something:
 *   PASS_HOOK_LOAD   value e of the row (e = t + j*(N/Q)) is read as
 *                    pass_load_hook(x, row, e, hook_in, flags), not as x[row*N + e]
 *   PASS_HOOK_STORE  output e of the row (e = (t - k)*Q + k + j*P) is written by
 *                    pass_store_hook(y, row, e, value, hook_out, flags), not to
 *                    y[row*N + e]; only where a pass stores from registers (a single pass,
 *                    or a pass with P > 1: never the first pass of several)
 *   PASS_HOOK_MIDDLE the last pass of a forward FFT (P = N/Q) and the first of an inverse
 *                    in one: after the stages, pass_middle_hook(v, u, hook_out, ...) (08:
 *                    output e (as above) times hook_out[e], conjugated, back to the first
 *                    stage's order), then the same stages again and the store of a pass
 *                    with P = 1 (chapter 08's middle pass; see the pass below)
 * The kernel file built after this one defines the three functions (flag 16 is its own), and
 * mixed_pass becomes a wrapper that keeps only the conjugation flags, so 06's and 07's
 * kernels compile without the hook branches. */
/* Defined by chapter 08's kernel file, which its one-kernel plan calls without the hooks
 * too; declared here for every program (06's, 07's and 09's never call it). Static: no
 * copy of its own, where the loops could not unroll (their bounds are the caller's). */
static void pass_middle_hook(real2_t *v, __local real2_t *u, __global const real2_t *tab, int e0,
                      int es, int i, int c, const int rl, const int r0, const int Q,
                      const int I, const int T, const int cf) INLINE;
#ifdef FL_PASS_HOOKS
#define PASS_HOOK_LOAD 4
#define PASS_HOOK_STORE 8
#define PASS_HOOK_MIDDLE 32
real2_t pass_load_hook(__global const real2_t *x, size_t row, int e, __global const real2_t *tab,
                       int flags) INLINE;
void pass_store_hook(__global real2_t *y, size_t row, int e, real2_t value,
                     __global const real2_t *tab, int flags) INLINE;
#define mixed_pass mixed_pass_hooked /* until the wrapper after it */
#define FL_HOOK_PARAMS , __global const real2_t *hook_in, __global const real2_t *hook_out
#define PASS_READ(j)                                                                       \
    (flags & PASS_HOOK_LOAD ? pass_load_hook(x, row, t + (j) * per_row, hook_in, flags)    \
                            : in[(size_t)(j) * per_row])
#define PASS_WRITE(j, value)                                                               \
    if (flags & PASS_HOOK_STORE)                                                           \
        pass_store_hook(y, row, (t - k) * Q + k + (j) * P, value, hook_out, flags);        \
    else                                                                                   \
        out[(size_t)(j) * P] = value;
#else
#define FL_HOOK_PARAMS
#define PASS_READ(j) in[(size_t)(j) * per_row]
#define PASS_WRITE(j, value) out[(size_t)(j) * P] = value;
#endif

/* Local-memory address with one spare slot every 16 values (fewer bank conflicts when
 * lanes write a power of two apart, as in 05). */
static INLINE int padded(int a)
{
    return a + (a >> 4);
}

/* Slot of value IDX of column C: interleaved when columns run fastest across lanes. */
static INLINE int slot(int idx, int c, const int Q, const int T, const int cf)
{
    return padded(cf ? idx * T + c : c * Q + idx);
}

#if FL_VMAX > 24
/* Blocks of 25 = 5 x 5 and 27 = 3 x 9 points, in registers: the two-level
 * split dft9 makes of 9 = 3 x 3, one size up. With n = n1 + r1*n2 and k = k2 + r2*k1,
 *     X[k2 + r2*k1] = sum_n1 w_r1^(n1*k1) * w_r^(n1*k2) * (sum_n2 x[n1 + r1*n2] w_r2^(n2*k2))
 * so r1 DFTs of r2 points, the r1*r2 constant twiddles w_r^(n1*k2) (tables below, forward
 * roots w_r^m = exp(-2 pi i m / r)), then r2 DFTs of r1 points. One stage of radix 25
 * does the work of two of radix 5 with one exchange through local memory less, and
 * twiddles that are constants instead of table lookups (lesson 06, "Blocks of 25 and 27";
 * kernels/05_simd.cl's simd_dft_split is the same split for planar SIMD vectors). */
__constant real_t w25_table[50] = {
    (real_t)1, (real_t)0,
    (real_t)0.96858316112863108, (real_t)-0.24868988716485479,
    (real_t)0.87630668004386358, (real_t)-0.48175367410171532,
    (real_t)0.72896862742141155, (real_t)-0.68454710592868862,
    (real_t)0.53582679497899655, (real_t)-0.84432792550201508,
    (real_t)0.30901699437494745, (real_t)-0.95105651629515353,
    (real_t)0.062790519529313527, (real_t)-0.99802672842827156,
    (real_t)-0.1873813145857246, (real_t)-0.98228725072868872,
    (real_t)-0.42577929156507272, (real_t)-0.90482705246601947,
    (real_t)-0.63742398974868975, (real_t)-0.77051324277578925,
    (real_t)-0.80901699437494734, (real_t)-0.58778525229247325,
    (real_t)-0.92977648588825135, (real_t)-0.36812455268467814,
    (real_t)-0.99211470131447776, (real_t)-0.12533323356430454,
    (real_t)-0.99211470131447788, (real_t)0.12533323356430429,
    (real_t)-0.92977648588825146, (real_t)0.36812455268467792,
    (real_t)-0.80901699437494778, (real_t)0.58778525229247269,
    (real_t)-0.63742398974868952, (real_t)0.77051324277578936,
    (real_t)-0.42577929156507216, (real_t)0.9048270524660198,
    (real_t)-0.18738131458572463, (real_t)0.98228725072868872,
    (real_t)0.062790519529312833, (real_t)0.99802672842827156,
    (real_t)0.30901699437494723, (real_t)0.95105651629515364,
    (real_t)0.53582679497899677, (real_t)0.84432792550201496,
    (real_t)0.72896862742141122, (real_t)0.68454710592868895,
    (real_t)0.87630668004386314, (real_t)0.4817536741017161,
    (real_t)0.96858316112863097, (real_t)0.24868988716485535
};
__constant real_t w27_table[54] = {
    (real_t)1, (real_t)0,
    (real_t)0.97304487057982381, (real_t)-0.23061587074244017,
    (real_t)0.89363264032341228, (real_t)-0.44879918020046217,
    (real_t)0.76604444311897801, (real_t)-0.64278760968653925,
    (real_t)0.59715859170278618, (real_t)-0.80212319275504373,
    (real_t)0.3960797660391569, (real_t)-0.918216106880274,
    (real_t)0.17364817766693041, (real_t)-0.98480775301220802,
    (real_t)-0.058144828910475774, (real_t)-0.99830815827126818,
    (real_t)-0.28680323271109021, (real_t)-0.9579895123154889,
    (real_t)-0.49999999999999978, (real_t)-0.86602540378443871,
    (real_t)-0.68624163786873349, (real_t)-0.72737364157304885,
    (real_t)-0.83548781141293627, (real_t)-0.54950897807080623,
    (real_t)-0.93969262078590832, (real_t)-0.34202014332566888,
    (real_t)-0.99323835774194302, (real_t)-0.11609291412522993,
    (real_t)-0.99323835774194302, (real_t)0.11609291412523012,
    (real_t)-0.93969262078590854, (real_t)0.34202014332566821,
    (real_t)-0.83548781141293649, (real_t)0.54950897807080601,
    (real_t)-0.6862416378687336, (real_t)0.72737364157304862,
    (real_t)-0.50000000000000044, (real_t)0.86602540378443837,
    (real_t)-0.28680323271109065, (real_t)0.95798951231548879,
    (real_t)-0.058144828910476239, (real_t)0.99830815827126818,
    (real_t)0.17364817766693083, (real_t)0.98480775301220802,
    (real_t)0.39607976603915651, (real_t)0.91821610688027411,
    (real_t)0.59715859170278585, (real_t)0.80212319275504396,
    (real_t)0.76604444311897779, (real_t)0.64278760968653958,
    (real_t)0.89363264032341216, (real_t)0.44879918020046244,
    (real_t)0.97304487057982403, (real_t)0.23061587074243958
};

/* The blocks dft_two_level is made of: 5 (in 25), 3 and 9 (in 27). */
static INLINE void dft_small(real2_t *v, const int r)
{
    if (r == 3) dft3(v);
    else if (r == 5) dft5(v);
    else dft9(v);
}

static INLINE void dft_two_level(real2_t *v, const int r1, const int r2, __constant const real_t *w)
{
    real2_t t[27];
    #pragma unroll
    for (int n1 = 0; n1 < r1; n1++) {
        real2_t a[9];
        #pragma unroll
        for (int n2 = 0; n2 < r2; n2++)
            a[n2] = v[n1 + r1 * n2];
        dft_small(a, r2);
        #pragma unroll
        for (int k2 = 0; k2 < r2; k2++) {
            const int e = (n1 * k2) % (r1 * r2);
            t[n1 * r2 + k2] = e ? cmul(a[k2], (real2_t)(w[2 * e], w[2 * e + 1])) : a[k2];
        }
    }
    #pragma unroll
    for (int k2 = 0; k2 < r2; k2++) {
        real2_t a[9];
        #pragma unroll
        for (int n1 = 0; n1 < r1; n1++)
            a[n1] = t[n1 * r2 + k2];
        dft_small(a, r1);
        #pragma unroll
        for (int k1 = 0; k1 < r1; k1++)
            v[k2 + r2 * k1] = a[k1];
    }
}
#endif

/* The block of radix r (a constant after inlining). */
static INLINE void dft_r(real2_t *v, const int r)
{
    if (r == 2) dft2(v);
    else if (r == 3) dft3(v);
    else if (r == 4) dft4(v);
    else if (r == 5) dft5(v);
#ifdef FL_RADIX6
    else if (r == 6) dft6(v);
#endif
    else if (r == 7) dft7(v);
    else if (r == 8) dft8(v);
    else if (r == 9) dft9(v);
    else if (r == 10) dft10(v);
#if FL_VMAX > 24
    else if (r == 25) dft_two_level(v, 5, 5, w25_table);
    else if (r == 27) dft_two_level(v, 3, 9, w27_table);
#endif
    else dft16(v);
}

/* w[m] = w_N^(m*e) for m < r, from 3 lookups at most (e, 4e, 8e; 16e for the blocks of
 * 25 and 27) and products at most 3 deep, like chapter 05's twiddle_powers.
 * Needs r*e <= N. */
static INLINE void twiddle_row(real2_t *w, int e, const int r, __global const real2_t *hi,
                               __global const real2_t *lo, const int lo_bits)
{
    w[0] = (real2_t)(1, 0);
    if (r > 1)
        w[1] = twiddle_lookup(e, hi, lo, lo_bits);
    if (r > 2)
        w[2] = cmul(w[1], w[1]);
    if (r > 3)
        w[3] = cmul(w[2], w[1]);
    if (r > 4) {
        w[4] = twiddle_lookup(4 * e, hi, lo, lo_bits);
#define TW_FROM_4(m) if (m > 4 && m < 8) w[m] = cmul(w[4], w[m - 4]);
        FOR_M(r, TW_FROM_4)
#undef TW_FROM_4
    }
    if (r > 8) {
        w[8] = twiddle_lookup(8 * e, hi, lo, lo_bits);
#define TW_FROM_8(m) if (m > 8 && m < 16) w[m] = cmul(w[8], w[m - 8]);
        FOR_M(r, TW_FROM_8)
#undef TW_FROM_8
    }
    if (r > 16) { /* the blocks of 25 and 27 points */
        w[16] = twiddle_lookup(16 * e, hi, lo, lo_bits);
#define TW_FROM_16(m) if (m > 16 && m < 32) w[m] = cmul(w[16], w[m - 16]);
        FOR_M(r, TW_FROM_16)
#undef TW_FROM_16
    }
}

/* Stage (r, s) on the butterflies item i holds: twiddle, then dft_r. The item's
 * butterfly number jb has its values at v[jb*r .. jb*r + r). */
static INLINE void stage(real2_t *v, int i, const int r, const int s, const int N, const int Q,
                         const int I, __global const real2_t *hi, __global const real2_t *lo,
                         const int lo_bits)
{
    const int B = Q / r, nb = (B + I - 1) / I;
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (B % I == 0 || b < B) {
            /* in place at a constant offset: a copy loop here would become a memcpy
             * and keep v[] out of registers */
            real2_t *a = v + jb * r;
            if (s > 1) {
                real2_t w[FL_VMAX > 16 ? FL_VMAX : 16];
                twiddle_row(w, (b % s) * (N / (r * s)), r, hi, lo, lo_bits);
#define TWIDDLE_M(m) if (m > 0) a[m] = cmul(a[m], w[m]);
                FOR_M(r, TWIDDLE_M)
#undef TWIDDLE_M
            }
            dft_r(a, r);
        }
    }
}

/* Between stage (rp, sp) and the next stage of radix rn, in two halves: exchange_put
 * writes the outputs to their Stockham places, exchange_get reads the next stage's
 * inputs; exchange does both with the barriers. (Chapter 07's columns in parts call the
 * halves themselves, a part at a time.) */
static INLINE void exchange_put(real2_t *v, __local real2_t *u, int i, int c, const int rp,
                                const int sp, const int Q, const int I, const int T, const int cf)
{
    const int Bp = Q / rp, nbp = (Bp + I - 1) / I;
    #pragma unroll
    for (int jb = 0; jb < nbp; jb++) {
        int b = i + jb * I;
        if (Bp % I == 0 || b < Bp) {
            int k = b % sp;
            real2_t *a = v + jb * rp;
#define PUT_M(m) u[slot((b - k) * rp + k + m * sp, c, Q, T, cf)] = a[m];
            FOR_M(rp, PUT_M)
#undef PUT_M
        }
    }
}

static INLINE void exchange_get(real2_t *v, __local real2_t *u, int i, int c, const int rn,
                                const int Q, const int I, const int T, const int cf)
{
    const int Bn = Q / rn, nbn = (Bn + I - 1) / I;
    #pragma unroll
    for (int jb = 0; jb < nbn; jb++) {
        int b = i + jb * I;
        if (Bn % I == 0 || b < Bn) {
            real2_t *a = v + jb * rn;
#define GET_M(m) a[m] = u[slot(b + m * Bn, c, Q, T, cf)];
            FOR_M(rn, GET_M)
#undef GET_M
        }
    }
}

static INLINE void exchange(real2_t *v, __local real2_t *u, int i, int c, const int rp, const int sp,
                            const int rn, const int Q, const int I, const int T, const int cf)
{
    exchange_put(v, u, i, c, rp, sp, Q, I, T, cf);
    barrier(CLK_LOCAL_MEM_FENCE);
    exchange_get(v, u, i, c, rn, Q, I, T, cf);
    barrier(CLK_LOCAL_MEM_FENCE);
}

/* The same exchange in halves, real parts and then imaginary parts, through local memory
 * seen as real_t: half the bytes at a time, so U holds a pass of twice the values (a row
 * in parts of 2 x 3^8 = 2 x 6561, lesson 06 "Exchanging in halves"). Twice the rounds.
 * No register more: the real parts the next stage reads go to v[].x, whose old values are
 * out already, while v[].y still holds the imaginary parts that go out next. */
static INLINE void exchange_halves(real2_t *v, __local real2_t *u2, int i, int c, const int rp,
                                   const int sp, const int rn, const int Q, const int I,
                                   const int T, const int cf)
{
    __local real_t *u = (__local real_t *)u2;
    const int Bp = Q / rp, nbp = (Bp + I - 1) / I, Bn = Q / rn, nbn = (Bn + I - 1) / I;
    #pragma unroll
    for (int im = 0; im < 2; im++) { /* 0: real parts, 1: imaginary */
        #pragma unroll
        for (int jb = 0; jb < nbp; jb++) {
            int b = i + jb * I;
            if (Bp % I == 0 || b < Bp) {
                int k = b % sp;
                real2_t *a = v + jb * rp;
#define PUT_M(m) u[slot((b - k) * rp + k + m * sp, c, Q, T, cf)] = im ? a[m].y : a[m].x;
                FOR_M(rp, PUT_M)
#undef PUT_M
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll
        for (int jb = 0; jb < nbn; jb++) {
            int b = i + jb * I;
            if (Bn % I == 0 || b < Bn) {
                real2_t *a = v + jb * rn;
#define GET_M(m)                                                                           \
    if (im)                                                                                \
        a[m].y = u[slot(b + m * Bn, c, Q, T, cf)];                                         \
    else                                                                                   \
        a[m].x = u[slot(b + m * Bn, c, Q, T, cf)];
                FOR_M(rn, GET_M)
#undef GET_M
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* FL_PASS_HALVES (chapter 06's host, where local memory holds half of what a pass
 * exchanges): every exchange of this program's passes in halves. */
#if defined(FL_PASS_HALVES) && FL_PASS_HALVES
#define PASS_EXCHANGE exchange_halves
#else
#define PASS_EXCHANGE exchange
#endif

/* The next stage, if there is one: radix rn after (rp, sp). */
#define NEXT_STAGE(rp, sp, rn)                                                             \
    if (rn) {                                                                              \
        PASS_EXCHANGE(v, u, i, c, rp, sp, rn, Q, I, T, cf);                                \
        stage(v, i, rn, (sp) * (rp), N, Q, I, hi, lo, lo_bits);                            \
    }

/* Every stage of a pass, unrolled (s_k = r_0 ... r_(k-1)): what each pass kernel runs
 * between its loads and its stores, with v, u, i, c, cf, N, Q, I, T, hi, lo, lo_bits and
 * the radices r0 .. r11 (0 after the last) in scope. Chapters 07, 08 and 09 use it too.
 * PASS_STAGES_WITH(NEXT) takes the step between stages as a macro like NEXT_STAGE
 * (chapter 07's columns in parts pass one that exchanges a part at a time). */
#define PASS_STAGES PASS_STAGES_WITH(NEXT_STAGE)
#define PASS_STAGES_WITH(NEXT) PASS_STAGES_FROM(FIRST_STAGE, NEXT)

/* PASS_STAGES_FROM(FIRST, NEXT): the same with the first stage as a macro too, FIRST(r0)
 * (the row in parts below runs each stage on every part). */
#define FIRST_STAGE(r0) stage(v, i, r0, 1, N, Q, I, hi, lo, lo_bits);
#define PASS_STAGES_FROM(FIRST, NEXT)                                                      \
    FIRST(r0)                                                                              \
    NEXT(r0, 1, r1)                                                                        \
    NEXT(r1, r0, r2)                                                                       \
    NEXT(r2, r0 * r1, r3)                                                                  \
    NEXT(r3, r0 * r1 * r2, r4)                                                             \
    NEXT(r4, r0 * r1 * r2 * r3, r5)                                                        \
    NEXT(r5, r0 * r1 * r2 * r3 * r4, r6)                                                   \
    NEXT(r6, r0 * r1 * r2 * r3 * r4 * r5, r7)                                              \
    NEXT(r7, r0 * r1 * r2 * r3 * r4 * r5 * r6, r8)                                         \
    NEXT(r8, r0 * r1 * r2 * r3 * r4 * r5 * r6 * r7, r9)                                    \
    NEXT(r9, r0 * r1 * r2 * r3 * r4 * r5 * r6 * r7 * r8, r10)                              \
    NEXT(r10, r0 * r1 * r2 * r3 * r4 * r5 * r6 * r7 * r8 * r9, r11)

/* The radix of a pass's last stage (after it, butterfly b holds outputs b + m*(Q/rl)). */
#define PASS_LAST_RADIX                                                                    \
    (r11 ? r11 : r10 ? r10 : r9 ? r9 : r8 ? r8 : r7 ? r7 : r6 ? r6 : r5 ? r5 : r4 ? r4     \
     : r3 ? r3 : r2 ? r2 : r1 ? r1 : r0)

/* One pass; see the contract of fft_mixed_p<k> below. r0 .. r11 are the radices, 0 after
 * the last. */
static INLINE void mixed_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *hi, __global const real2_t *lo, int batch,
                              int flags, const int N, const int lo_bits, const int Q, const int P,
                              const int I, const int T, const int r0, const int r1, const int r2,
                              const int r3, const int r4, const int r5, const int r6, const int r7,
                              const int r8, const int r9, const int r10, const int r11 FL_HOOK_PARAMS)
{
    const int per_row = N / Q;  /* columns per row */
    const int cf = per_row > 1; /* columns fastest across lanes (multi-pass) */
    const int l = get_local_id(0);
    const int c = cf ? l % T : l / I;
    const int i = cf ? l / T : l % I;
    const size_t ncols = (size_t)batch * per_row;
    const size_t col = (size_t)get_group_id(0) * T + c;
    const int valid = col < ncols;
    const size_t row = col / per_row;
    const int t = (int)(col % per_row);
    const int k = t % P;
    real2_t v[FL_VMAX];

    /* load: the first stage's butterfly b takes column values j = b + m*(Q/r0), with the
     * pass twiddle w_(Qp)^(j*k) = w_N^(j*k*N/(Qp)) */
    {
        const int B = Q / r0, nb = (B + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)N + t;
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (valid && (B % I == 0 || b < B)) {
#define LOAD_M(m)                                                                          \
    {                                                                                      \
        int j = b + m * B;                                                                 \
        real2_t a = PASS_READ(j);                                                          \
        if (flags & PASS_CONJ_IN)                                                          \
            a.y = -a.y;                                                                    \
        if (P > 1)                                                                         \
            a = cmul(a, twiddle_lookup(j * k * (N / (Q * P)), hi, lo, lo_bits));           \
        v[jb * r0 + m] = a;                                                                \
    }
                FOR_M(r0, LOAD_M)
#undef LOAD_M
            }
        }
    }

    /* the stages, unrolled: s_k = r_0 ... r_(k-1) */
    PASS_STAGES

#ifdef FL_PASS_HOOKS
    /* Bluestein's middle (PASS_HOOK_MIDDLE): this pass is a forward FFT's last, P = N/Q,
     * so column t (< P, k = t) wrote outputs t + j*P, and those are exactly what column t
     * of the inverse FFT's first pass (Q, p = 1) reads. So do both here: Z = V * Bh at
     * each output (hook_out), conjugated (the inverse as a forward FFT, conj in and out),
     * back to the first stage's order through local memory, the same stages again, and
     * store as a pass with p = 1 does (below). One pass over memory instead of two. */
    const int middle = (flags & PASS_HOOK_MIDDLE) != 0;
    if (middle) {
        pass_middle_hook(v, u, hook_out, (t - k) * Q + k, P, i, c, PASS_LAST_RADIX, r0, Q, I, T,
                         cf);
        PASS_STAGES
    }
    const int p_out = middle ? 1 : P; /* the middle stores as a pass with p = 1 */
#else
    const int p_out = P;
#endif

    /* store: after the last stage (radix rl, sub-span Q/rl) butterfly b holds outputs
     * j = b + m*(Q/rl), at the same places the first stage read */
    const int rl = PASS_LAST_RADIX;
    const int B = Q / rl, nb = (B + I - 1) / I;
    const real_t conj = flags & PASS_CONJ_OUT ? -1 : 1;
    if (cf && p_out == 1) {
        /* first pass of several: column col's outputs go to col*Q + j, so the group's T
         * columns form one block; write it through local memory, in order */
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (B % I == 0 || b < B) {
#define STAGE_M(m) u[padded(c * Q + b + m * B)] = (real2_t)(1, conj) * v[jb * rl + m];
                FOR_M(rl, STAGE_M)
#undef STAGE_M
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        size_t first = (size_t)get_group_id(0) * T;
        size_t count = (ncols - first < (size_t)T ? ncols - first : (size_t)T) * Q;
        __global real2_t *out = y + first * Q;
        for (int e = l; e < (int)count; e += I * T)
            out[e] = u[padded(e)];
    } else if (valid) {
        __global real2_t *out = y + row * (size_t)N + (size_t)(t - k) * Q + k;
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (B % I == 0 || b < B) {
#define STORE_M(m) PASS_WRITE(b + m * B, (real2_t)(1, conj) * v[jb * rl + m])
                FOR_M(rl, STORE_M)
#undef STORE_M
            }
        }
    }
}

#ifdef FL_PASS_HOOKS
#undef mixed_pass
/* Built with the hooks: what 06's and 07's kernels call, mixed_pass_hooked without hook
 * tables and with the conjugation flags only (so the hook branches compile away). */
static INLINE void mixed_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *hi, __global const real2_t *lo, int batch,
                              int flags, const int N, const int lo_bits, const int Q, const int P,
                              const int I, const int T, const int r0, const int r1, const int r2,
                              const int r3, const int r4, const int r5, const int r6, const int r7,
                              const int r8, const int r9, const int r10, const int r11)
{
    mixed_pass_hooked(x, y, u, hi, lo, batch, flags & (PASS_CONJ_IN | PASS_CONJ_OUT), N, lo_bits,
                      Q, P, I, T, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, 0, 0);
}
#endif

/* The loads of a column pass (chapter 07's outer axes, mixed_parts_pass below): the first
 * stage's butterfly b takes values j = b + m*(Q/r0) of the item's column, read at
 * IN + j*DJ, times the pass twiddle w_(Q*P)^(j*k) = w_N^(j*k*N/(Q*P)) when P > 1. An item
 * past the last column (VALID 0) loads nothing. */
static INLINE void strided_load(real2_t *v, __global const real2_t *x, size_t in, size_t dj,
                               int valid, int i, int k, int flags, __global const real2_t *hi,
                               __global const real2_t *lo, const int lo_bits, const int N,
                               const int Q, const int P, const int I, const int r0)
{
    const int B = Q / r0, nb = (B + I - 1) / I;
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (valid && (B % I == 0 || b < B)) {
#define LOAD_M(m)                                                                      \
    {                                                                                  \
        int j = b + m * B;                                                             \
        real2_t a = x[in + (size_t)j * dj];                                            \
        if (flags & PASS_CONJ_IN)                                                      \
            a.y = -a.y;                                                                \
        if (P > 1)                                                                     \
            a = cmul(a, twiddle_lookup(j * k * (N / (Q * P)), hi, lo, lo_bits));       \
        v[jb * r0 + m] = a;                                                            \
    }
            FOR_M(r0, LOAD_M)
#undef LOAD_M
        }
    }
}

/* The stores of a column pass: after the last stage (radix rl) butterfly b holds outputs
 * j = b + m*(Q/rl), written at OUT + j*DY. Straight from registers: for each j the T
 * lanes write T consecutive addresses, for every P (chapter 06's first pass needs local
 * memory for that; a column pass never does, its neighbours are the columns). */
static INLINE void strided_store(__global real2_t *y, const real2_t *v, size_t out, size_t dy,
                                int valid, int i, int flags, const int Q, const int I,
                                const int rl)
{
    const int B = Q / rl, nb = (B + I - 1) / I;
    const real_t conj = flags & PASS_CONJ_OUT ? -1 : 1;
    if (valid) {
    #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (B % I == 0 || b < B) {
#define STORE_M(m) y[out + (size_t)(b + m * B) * dy] = (real2_t)(1, conj) * v[jb * rl + m];
                FOR_M(rl, STORE_M)
#undef STORE_M
            }
        }
    }
}

/* ---------------------------------------------------------------- columns in parts
 * A group of T neighbouring columns of Q points whose T*Q values local memory cannot hold
 * (4 x 4096 fp32: 128 KiB; it has 48): the values live in registers (Q/I per item, up to
 * FL_PART_VMAX), and local memory holds T/B columns, or a slice of every column, at a
 * time, each exchange in B rounds. Chapter 07's outer axes of 2048 and 4096 points
 * (fft_parts_<a>_p0, lesson 07 "Columns in parts") and this chapter's passes of two
 * (fft_mixed_parts_p<k>, below; lesson 06 "Passes in parts") use them. */

#define FL_PART_VMAX 64 /* values one item holds in a pass in parts (part_values, fp32) */

/* Exchange (above) in B rounds of Tp columns: item i of column c takes
 * part in round c / Tp only; every item meets every barrier. */
static INLINE void parted_exchange(real2_t *v, __local real2_t *u, int i, int c, const int B,
                                   const int rp, const int sp, const int rn, const int Q,
                                   const int I, const int Tp)
{
    const int part = c / Tp, cp = c % Tp;
    for (int k = 0; k < B; k++) { /* v is not indexed by k: the loop may stay a loop */
        if (part == k)
            exchange_put(v, u, i, cp, rp, sp, Q, I, Tp, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (part == k)
            exchange_get(v, u, i, cp, rn, Q, I, Tp, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* The same exchange with every item busy in every round, where the stages allow it: local
 * memory holds slice s (slots s*Q/B .. (s+1)*Q/B - 1) of all T columns at once. With
 * b = i + jb*I, k = b mod sp and sp dividing I, the put slot (b - k)*rp + k + m*sp lies in
 * slice jb / (nbp/B) for every m (nbp = Q/(rp*I) butterflies an item, B dividing it);
 * the get slot b + m*(Q/rn) in slice m / (rn/B) for every b (B dividing rn). So in round
 * s every item puts its butterflies of slice s and gets its values of slice s: no item
 * waits (lesson 07, "Columns in parts"). The values got go to W first, since the next
 * stage's butterfly jb shares v[] with butterflies not put yet; copying W back is register
 * renaming once unrolled. */
static INLINE int sliced_ok(const int B, const int rp, const int sp, const int rn, const int Q,
                            const int I)
{
    const int Bp = Q / rp;
    return Bp % I == 0 && (Bp / I) % B == 0 && I % sp == 0 && rn % B == 0;
}

static INLINE void sliced_exchange(real2_t *v, __local real2_t *u, int i, int c, const int B,
                                   const int rp, const int sp, const int rn, const int Q,
                                   const int I, const int T)
{
    const int S = Q / B, per = Q / (rp * I) / B; /* slots of a slice; butterflies a round */
    const int Bn = Q / rn, nbn = (Bn + I - 1) / I, mn = rn / B;
    real2_t w[FL_PART_VMAX];
    #pragma unroll
    for (int r = 0; r < B; r++) {
        #pragma unroll
        for (int t = 0; t < per; t++) {
            const int jb = r * per + t, b = i + jb * I, k = b % sp;
            real2_t *a = v + jb * rp;
#define PUT_M(m) u[slot((b - k) * rp + k + m * sp - r * S, c, S, T, 1)] = a[m];
            FOR_M(rp, PUT_M)
#undef PUT_M
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll
        for (int jb = 0; jb < nbn; jb++) {
            int b = i + jb * I;
            if (Bn % I == 0 || b < Bn) {
#define GET_M(m)                                                                           \
    if ((m) / mn == r)                                                                     \
        w[jb * rn + m] = u[slot(b + m * Bn - r * S, c, S, T, 1)];
                FOR_M(rn, GET_M)
#undef GET_M
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #pragma unroll
    for (int jb = 0; jb < nbn; jb++) {
#define COPY_M(m) v[jb * rn + m] = w[jb * rn + m];
        FOR_M(rn, COPY_M)
#undef COPY_M
    }
}

/* The next stage, if there is one: the exchange in slices or in parts, then the stage. */
#define PARTED_NEXT_STAGE(rp, sp, rn)                                                      \
    if (rn) {                                                                              \
        if (sliced_ok(PARTS, rp, sp, rn, Q, I))                                            \
            sliced_exchange(v, u, i, c, PARTS, rp, sp, rn, Q, I, T);                       \
        else                                                                               \
            parted_exchange(v, u, i, c, PARTS, rp, sp, rn, Q, I, T / PARTS);               \
        stage(v, i, rn, (sp) * (rp), N, Q, I, hi, lo, lo_bits);                            \
    }

/* A pass of a multi-pass plan with its T columns in PARTS parts: a column pass's loads
 * (strided_load: column t of row r is x[r*N + t + j*(N/Q)]) and mixed_pass's stages
 * (columns fastest across lanes), joined by PARTED_NEXT_STAGE, and strided_store's
 * stores straight from registers for every P, so local memory only meets the exchanges
 * (with P = 1 a column's outputs are a run of Q, and neighbouring items hold neighbouring
 * values of it). Where passes of Q <= 1024 points would take three, passes of up to 4096
 * take two (2^22 = 2048 x 2048): one read and write of the data less. See
 * fft_mixed_parts_p<k>. */
static INLINE void mixed_parts_pass(__global const real2_t *x, __global real2_t *y,
                                    __local real2_t *u, __global const real2_t *hi,
                                    __global const real2_t *lo, int batch, int flags, const int N,
                                    const int lo_bits, const int PARTS, const int Q, const int P,
                                    const int I, const int T, const int r0, const int r1,
                                    const int r2, const int r3, const int r4, const int r5,
                                    const int r6, const int r7, const int r8, const int r9,
                                    const int r10, const int r11)
{
    const int per_row = N / Q; /* columns per row */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;
    const size_t col = (size_t)get_group_id(0) * T + c;
    const int valid = col < (size_t)batch * per_row;
    const size_t row = col / per_row;
    const int t = (int)(col % per_row), k = t % P;
    real2_t v[FL_PART_VMAX];

    strided_load(v, x, row * (size_t)N + t, per_row, valid, i, k, flags, hi, lo, lo_bits, N, Q,
                 P, I, r0);
    PASS_STAGES_WITH(PARTED_NEXT_STAGE)

    strided_store(y, v, row * (size_t)N + (size_t)(t - k) * Q + k, P, valid, i, flags, Q, I,
                  PASS_LAST_RADIX);
}

/* ---------------------------------------------------------------- a row in parts
 * A row longer than local memory holds (8192 and 16384 fp32 points; local memory holds
 * 4096) takes two passes above. But local memory is only where values meet between
 * stages: they live in registers, and a group of 256 items holds 64 values each. So cut
 * the row as chapter 05's fused row kernel does ("Beyond one local memory"): N = B x Q,
 * and the B columns x[k + j*B] (k < B, j < Q) are B independent Q-point FFTs Y_k. Every
 * item holds its share of every column, part k at v + k*FL_VMAX; each stage runs on
 * every part, and each exchange is B rounds, one column through local memory at a time
 * with all I items busy in every round (07's columns in parts idle 3 of 4 parts' items
 * instead). What is left of the N-point FFT is one radix-B stage across the columns
 * (decimation in time):
 *     X[j + q*Q] = sum_k w_B^(k*q) * (w_N^(j*k) * Y_k[j]),   q < B
 * and the item that holds Y_k[j] holds it for every k, so that stage is done in
 * registers and stored straight to y. One read and one write of the row, not two. */

#define FL_ROW_MAX_PARTS 8 /* FOR_P's reach (chapter 06's max_row_parts, ROW_PARTS) */

/* FOR_P(n, BODY): FOR_M for the parts (a macro cannot expand inside its own expansion,
 * and the part loops sit inside FOR_M's). */
#define FL_REP_P(n, k, BODY) if (k < (n)) { BODY(k) }
#define FOR_P(n, BODY)                                                                     \
    FL_REP_P(n, 0, BODY) FL_REP_P(n, 1, BODY) FL_REP_P(n, 2, BODY) FL_REP_P(n, 3, BODY)    \
    FL_REP_P(n, 4, BODY) FL_REP_P(n, 5, BODY) FL_REP_P(n, 6, BODY) FL_REP_P(n, 7, BODY)

/* The stages of PASS_STAGES_FROM on every part; an exchange per part, all items in each. */
#define ROW_FIRST_K(k) stage(v + (k) * FL_VMAX, i, r0, 1, N, Q, I, hi, lo, lo_bits);
#define ROW_PARTS_FIRST(r) FOR_P(PARTS, ROW_FIRST_K)
#define ROW_NEXT_K(k)                                                                      \
    PASS_EXCHANGE(v + (k) * FL_VMAX, u, i, 0, rp_, sp_, rn_, Q, I, 1, 0);                  \
    stage(v + (k) * FL_VMAX, i, rn_, sp_ * rp_, N, Q, I, hi, lo, lo_bits);
#define ROW_PARTS_NEXT(rp, sp, rn)                                                         \
    if (rn) {                                                                              \
        const int rp_ = rp, sp_ = sp, rn_ = rn;                                            \
        FOR_P(PARTS, ROW_NEXT_K)                                                           \
    }

/* A row in PARTS parts of Q points; see fft_row_parts_p0. r0 .. r11 are one part's
 * radices, 0 after the last. */
static INLINE void row_parts_pass(__global const real2_t *x, __global real2_t *y,
                                  __local real2_t *u, __global const real2_t *hi,
                                  __global const real2_t *lo, int flags, const int N,
                                  const int lo_bits, const int PARTS, const int Q, const int I,
                                  const int r0, const int r1, const int r2, const int r3,
                                  const int r4, const int r5, const int r6, const int r7,
                                  const int r8, const int r9, const int r10, const int r11)
{
    const int i = get_local_id(0);
    const size_t row = get_group_id(0);
    real2_t v[FL_ROW_MAX_PARTS * FL_VMAX];

    /* load: part k's first stage, butterfly b, takes its column's values j = b +
     * m*(Q/r0), that is x[row*N + j*PARTS + k]: the PARTS values of one j side by side */
    {
        const int B = Q / r0, nb = (B + I - 1) / I;
        __global const real2_t *in = x + row * (size_t)N;
        #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (B % I == 0 || b < B) {
#define ROW_LOAD_K(k)                                                                      \
    {                                                                                      \
        real2_t a = in[(size_t)j * PARTS + (k)];                                           \
        if (flags & PASS_CONJ_IN)                                                          \
            a.y = -a.y;                                                                    \
        v[(k) * FL_VMAX + jb * r0 + mm] = a;                                               \
    }
#define ROW_LOAD_M(m)                                                                      \
    {                                                                                      \
        const int j = b + (m) * B, mm = (m);                                               \
        FOR_P(PARTS, ROW_LOAD_K)                                                           \
    }
                FOR_M(r0, ROW_LOAD_M)
#undef ROW_LOAD_M
#undef ROW_LOAD_K
            }
        }
    }

    /* the Q-point FFTs of the parts */
    PASS_STAGES_FROM(ROW_PARTS_FIRST, ROW_PARTS_NEXT)

    /* the radix-PARTS stage across the parts, in registers: after the last stage (radix
     * rl) butterfly b of every part holds Y_k[j], j = b + m*(Q/rl) */
    const int rl = PASS_LAST_RADIX;
    const int B = Q / rl, nb = (B + I - 1) / I;
    const real_t conj = flags & PASS_CONJ_OUT ? -1 : 1;
    __global real2_t *out = y + row * (size_t)N;
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (B % I == 0 || b < B) {
#define ROW_GATHER_K(k) a[k] = v[(k) * FL_VMAX + jb * rl + mm];
#define ROW_TWIDDLE_K(k) if (k > 0) a[k] = cmul(a[k], w[k]);
#define ROW_STORE_K(k) out[j + (size_t)(k) * Q] = (real2_t)(1, conj) * a[k];
#define ROW_LAST_M(m)                                                                      \
    {                                                                                      \
        const int j = b + (m) * B, mm = (m);                                               \
        real2_t a[FL_ROW_MAX_PARTS], w[16];                                                \
        FOR_P(PARTS, ROW_GATHER_K)                                                         \
        twiddle_row(w, j, PARTS, hi, lo, lo_bits); /* w_N^(j*k) */                         \
        FOR_P(PARTS, ROW_TWIDDLE_K)                                                        \
        dft_r(a, PARTS);                                                                   \
        FOR_P(PARTS, ROW_STORE_K)                                                          \
    }
            FOR_M(rl, ROW_LAST_M)
#undef ROW_LAST_M
#undef ROW_STORE_K
#undef ROW_TWIDDLE_K
#undef ROW_GATHER_K
        }
    }
}

/* Contract (fft_row_parts_p0, the only pass: a row in parts)
 *   work-items : 1-D, groups of P0_I items (reqd_work_group_size: on NVIDIA that lets an
 *                item have the registers its 64 values need); group g does row g (batch
 *                groups); item i holds its share of every part
 *   args       : as fft_mixed_p<k>, but u holds one part: P0_Q*17/16 values (as
 *                real_t with FL_PASS_HALVES: half the bytes)
 *   reads      : x[row*FL_N + e], every e < FL_N, once (j*P0_PARTS + k for the parts k of j)
 *   writes     : y[row*FL_N + j + q*P0_Q], every j < P0_Q and q < P0_PARTS, once
 *   host calls : once, with -D P0_PARTS (B), P0_Q = FL_N / B, P0_I, P0_R (one part's
 *                radices); PASS_CONJ_IN | PASS_CONJ_OUT for an inverse. */

/* Contract (fft_mixed_p<k>, pass k of the plan)
 *   work-items : 1-D, groups of I*T items (P<k>_I x P<k>_T); group g does columns
 *                g*T .. g*T + T-1 of the batch*(N/Q) columns (columns past the end do no
 *                loads or stores, but take part in the barriers)
 *   args       : x, y (distinct buffers), u local T*Q*17/16 values, hi/lo twiddle tables
 *                (w_N^x = hi[x >> FL_LO_BITS] * lo[x & (2^FL_LO_BITS - 1)]), batch, flags
 *   reads      : x[row*N + t + j*(N/Q)] for the group's columns, every j < Q, once
 *   writes     : y[row*N + (t - k)*Q + k + j*p], every j < Q, once
 *   host calls : fft_mixed_p0, p1, ... in order, swapping x and y; pass k has p = the
 *                product of the earlier passes' Q. PASS_CONJ_IN on the first launch and
 *                PASS_CONJ_OUT on the last for an inverse. */
/* Contract (fft_mixed_parts_p<k>, pass k > 0 of the plan, its last: columns in parts)
 *   work-items : as fft_mixed_p<k> (reqd_work_group_size I*T: an item's 64 values need the
 *                registers); columns k*T/B .. (k+1)*T/B - 1 of a group are part k
 *   args       : as fft_mixed_p<k>, but u holds (T/B)*Q*17/16 values (B = P<k>_COLPARTS)
 *   reads      : x[row*N + t + j*(N/Q)], every j < Q, once, times w_(Q*P)^(j*k) (P > 1)
 *   writes     : y[row*N + (t - k)*Q + k + j*P], every j < Q, once (with P = 1 the T
 *                columns' runs of Q, each item's values j = b + m*Q/rl in lanes of
 *                neighbouring b: whole 32-byte sectors)
 *   host calls : as fft_mixed_p<k>, with -D P<k>_COLPARTS. */
#define FL_PARTS_KERNEL(K, BB, QQ, PP, II, TT, RR)                                         \
    __kernel __attribute__((reqd_work_group_size(II * TT, 1, 1)))                          \
    void fft_mixed_parts_p##K(__global const real2_t *x, __global real2_t *y,              \
                              __local real2_t *u, __global const real2_t *hi,             \
                              __global const real2_t *lo, int batch, int flags)           \
    {                                                                                      \
        mixed_parts_pass(x, y, u, hi, lo, batch, flags, FL_N, FL_LO_BITS, BB, QQ, PP, II,  \
                         TT, RR);                                                          \
    }

#define FL_PASS_KERNEL(K, QQ, PP, II, TT, RR)                                              \
    __kernel void fft_mixed_p##K(__global const real2_t *x, __global real2_t *y,           \
                                 __local real2_t *u, __global const real2_t *hi,          \
                                 __global const real2_t *lo, int batch, int flags)        \
    {                                                                                      \
        mixed_pass(x, y, u, hi, lo, batch, flags, FL_N, FL_LO_BITS, QQ, PP, II, TT,        \
                   RR);                                                                    \
    }

#ifdef P0_COLPARTS
FL_PARTS_KERNEL(0, P0_COLPARTS, P0_Q, P0_P, P0_I, P0_T, P0_R)
#elif defined(P0_PARTS)
#if P0_PARTS > FL_ROW_MAX_PARTS
#error "P0_PARTS is more than FL_ROW_MAX_PARTS"
#endif
__kernel __attribute__((reqd_work_group_size(P0_I, 1, 1)))
void fft_row_parts_p0(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                      __global const real2_t *hi, __global const real2_t *lo, int batch, int flags)
{
    row_parts_pass(x, y, u, hi, lo, flags, FL_N, FL_LO_BITS, P0_PARTS, P0_Q, P0_I, P0_R);
}
#elif defined(P0_R)
FL_PASS_KERNEL(0, P0_Q, P0_P, P0_I, P0_T, P0_R)
#endif
#ifdef P1_COLPARTS
FL_PARTS_KERNEL(1, P1_COLPARTS, P1_Q, P1_P, P1_I, P1_T, P1_R)
#elif defined(P1_R)
FL_PASS_KERNEL(1, P1_Q, P1_P, P1_I, P1_T, P1_R)
#endif
#ifdef P2_COLPARTS
FL_PARTS_KERNEL(2, P2_COLPARTS, P2_Q, P2_P, P2_I, P2_T, P2_R)
#elif defined(P2_R)
FL_PASS_KERNEL(2, P2_Q, P2_P, P2_I, P2_T, P2_R)
#endif
#ifdef P3_COLPARTS
FL_PARTS_KERNEL(3, P3_COLPARTS, P3_Q, P3_P, P3_I, P3_T, P3_R)
#elif defined(P3_R)
FL_PASS_KERNEL(3, P3_Q, P3_P, P3_I, P3_T, P3_R)
#endif
#ifdef P4_COLPARTS
FL_PARTS_KERNEL(4, P4_COLPARTS, P4_Q, P4_P, P4_I, P4_T, P4_R)
#elif defined(P4_R)
FL_PASS_KERNEL(4, P4_Q, P4_P, P4_I, P4_T, P4_R)
#endif
#ifdef P5_COLPARTS
FL_PARTS_KERNEL(5, P5_COLPARTS, P5_Q, P5_P, P5_I, P5_T, P5_R)
#elif defined(P5_R)
FL_PASS_KERNEL(5, P5_Q, P5_P, P5_I, P5_T, P5_R)
#endif
#ifdef P6_COLPARTS
FL_PARTS_KERNEL(6, P6_COLPARTS, P6_Q, P6_P, P6_I, P6_T, P6_R)
#elif defined(P6_R)
FL_PASS_KERNEL(6, P6_Q, P6_P, P6_I, P6_T, P6_R)
#endif
#ifdef P7_COLPARTS
FL_PARTS_KERNEL(7, P7_COLPARTS, P7_Q, P7_P, P7_I, P7_T, P7_R)
#elif defined(P7_R)
FL_PASS_KERNEL(7, P7_Q, P7_P, P7_I, P7_T, P7_R)
#endif
