/* 06_mixed_radix — the Stockham pass for N = 2^a 3^b 5^c 7^d, specialized per size.
 *
 * The same pass as chapter 05, with mixed radices. A pass (p, Q) over rows of length N
 * does, for every column t of a row (t = 0 .. N/Q - 1):
 *     v[j] = x[t + j*(N/Q)] * w_(Q*p)^(j*k),  k = t mod p,  j = 0 .. Q-1
 *     V    = DFT_Q(v)
 *     y[(t - k)*Q + k + j*p] = V[j]
 * and Q = r_0 r_1 ... is done inside the work-group as a short Stockham FFT of its own:
 *
 *   stage (radix r; sub-span s, the product of the radices of the stages before it, 1 for
 *   the first; butterfly b < Q/r, value m < r):
 *       reads  u[b + m*(Q/r)]
 *       twiddle v[m] *= w_(r*s)^(m*(b mod s));  dft_r(v)
 *       writes u[(b - b mod s)*r + b mod s + m*s]
 *
 * In this file, in reading order: stage (one stage on the butterflies an item holds),
 * exchange (between two stages, through local memory), PASS_STAGES (every stage of a
 * pass, unrolled) and mixed_pass (load, stages, store: the pass), then the kernels
 * fft_mixed_p<n> that the host launches, one per pass.
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
 *     P<n>_Q, P<n>_P          pass n's Q and span p (n = 0 .. 7; P<n> means pass n)
 *     P<n>_I, P<n>_T          work-items per column I, columns per group T
 *     P<n>_R                  its radices, 12 of them with 0 after the last, e.g.
 *                             -D P0_R=16,3,3,5,0,0,0,0,0,0,0,0 (pasted as 12 arguments)
 * so the stage sequence unrolls, every index into v[] is a constant (v[] stays in
 * registers), every division is by a constant, and kernel fft_mixed_p<n> exists only when
 * P<n>_R is defined. The price is one program per size: pocl builds one in about a second
 * and keeps it in its kernel cache for the next run.
 *
 * Going further: the tuned paths the planner picks for some sizes live in files of their
 * own, built after this one (lesson 06, "Going further"):
 *     kernels/06_blocks_25_27.cl   blocks of 25 and 27 points (-D FL_VMAX=27)
 *     kernels/06_row_parts.cl      a row in parts (-D P0_PARTS) and exchanges in halves
 *                                  (-D FL_PASS_HALVES)
 *     kernels/06_column_parts.cl   a pass's columns in parts or slices (-D P<n>_COLPARTS),
 *                                  and the strided loads and stores of a column pass
 * and a later kernel file may extend the pass at its load, its store and between its
 * stages and its store ("Extension points" below).
 *
 * Twiddles: the two-level table of chapter 05, hi[x >> b] * lo[x & (2^b - 1)] = w_N^x,
 * which works for any N (the host fills ceil(N / 2^b) and 2^b values). Inverse: conj in
 * the first pass, conj out in the last, as in 05.
 *
 * Idea: the index maps of ARM's mixed-radix article (Nx the span, Ny the radix), turned
 * into chapter 05's self-sorting pass; VkFFT's habit of compiling each size's kernel with
 * its radices built in.
 *
 * Notation: docs/notation.md */

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
#if FL_VMAX > 24 /* the blocks of 25 and 27 points (kernels/06_blocks_25_27.cl) */
#define FOR_M_BIG(n, BODY)                                                                 \
    FL_REP(n, 16, BODY) FL_REP(n, 17, BODY) FL_REP(n, 18, BODY) FL_REP(n, 19, BODY)        \
    FL_REP(n, 20, BODY) FL_REP(n, 21, BODY) FL_REP(n, 22, BODY) FL_REP(n, 23, BODY)        \
    FL_REP(n, 24, BODY) FL_REP(n, 25, BODY) FL_REP(n, 26, BODY) FL_REP(n, 27, BODY)        \
    FL_REP(n, 28, BODY) FL_REP(n, 29, BODY) FL_REP(n, 30, BODY) FL_REP(n, 31, BODY)
#else
#define FOR_M_BIG(n, BODY)
#endif


/* Blocks defined in kernels/05_register_radix.cl and kernels/06_mixed_radix.cl (and the
 * blocks of 25 and 27 in kernels/06_blocks_25_27.cl), built after this file. */
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
#if FL_VMAX > 24
static void dft25(real2_t *v) INLINE;
static void dft27(real2_t *v) INLINE;
#endif
real2_t twiddle_lookup(int x, __global const real2_t *hi, __global const real2_t *lo,
                       int lo_bits) INLINE;

/* Extension points. A later chapter's kernel file, built in front of this one, may define
 * any of these to extend the pass in its own file; each has a plain default here.
 *   PASS_READ(j)          the load of value j of the item's column (the value the pass
 *                         reads at column index t + j*(N/Q) of row `row`); default
 *                         in[j*per_row], in = x + row*N + t
 *   PASS_WRITE(j, value)  the store of output j (at (t - k)*Q + k + j*p of the row) where
 *                         the pass stores from registers (a single pass, or p > 1);
 *                         default out[j*p] = value, out = y + row*N + (t - k)*Q + k
 *   PASS_BETWEEN          statements run after the stages and before the store, with the
 *                         pass's v, u, i, c, t, k, cf and constants in scope: where the
 *                         last pass of a forward FFT (p = N/Q, whose column t holds the
 *                         outputs t + j*p) meets the first pass of an inverse one (p = 1,
 *                         whose column t reads those same values); default nothing
 *   PASS_P_OUT            the span the store lays the outputs out for; default p (the
 *                         argument P: the span p, spelled upper case in the code)
 *   PASS_EXTRA_PARAMS     parameters mixed_pass takes after r11 (for the above); default
 *                         none. A file that adds some renames the pass (#define mixed_pass
 *                         NAME, and PASS_RENAMED NAME) and defines PASS_PLAIN_FLAGS(flags)
 *                         and PASS_PLAIN_ARGS: mixed_pass, as the kernels call it, is then
 *                         NAME(..., PASS_PLAIN_FLAGS(flags), ..., r11 PASS_PLAIN_ARGS) (after
 *                         mixed_pass below). */
#ifndef PASS_READ
#define PASS_READ(j) in[(size_t)(j) * per_row]
#endif
#ifndef PASS_WRITE
#define PASS_WRITE(j, value) out[(size_t)(j) * P] = value;
#endif
#ifndef PASS_BETWEEN
#define PASS_BETWEEN
#endif
#ifndef PASS_P_OUT
#define PASS_P_OUT P
#endif
#ifndef PASS_EXTRA_PARAMS
#define PASS_EXTRA_PARAMS
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
    else if (r == 25) dft25(v);
    else if (r == 27) dft27(v);
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
 * inputs; exchange does both with the barriers. (The columns in parts of
 * kernels/06_column_parts.cl call the halves themselves, a part at a time.) */
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

/* FL_PASS_HALVES (chapter 06's host, where local memory holds half of what a pass
 * exchanges): every exchange of this program's passes in halves (exchange_halves,
 * kernels/06_row_parts.cl). */
#if defined(FL_PASS_HALVES) && FL_PASS_HALVES
static INLINE void exchange_halves(real2_t *v, __local real2_t *u2, int i, int c, const int rp,
                                   const int sp, const int rn, const int Q, const int I,
                                   const int T, const int cf);
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

/* Every stage of a pass, unrolled (each stage's sub-span s is the product of the radices
 * before it): what each pass kernel runs between its loads and its stores, with v, u, i,
 * c, cf, N, Q, I, T, hi, lo, lo_bits and the radices r0 .. r11 (0 after the last) in
 * scope; later kernel files use it too.
 * PASS_STAGES_WITH(NEXT) takes the step between stages as a macro like NEXT_STAGE
 * (the columns in parts, kernels/06_column_parts.cl, pass one that exchanges a part at a
 * time). */
#define PASS_STAGES PASS_STAGES_WITH(NEXT_STAGE)
#define PASS_STAGES_WITH(NEXT) PASS_STAGES_FROM(FIRST_STAGE, NEXT)

/* PASS_STAGES_FROM(FIRST, NEXT): the same with the first stage as a macro too, FIRST(r0)
 * (the row in parts, kernels/06_row_parts.cl, runs each stage on every part). */
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

/* One pass; see the contract of fft_mixed_p<n> below. r0 .. r11 are the radices, 0 after
 * the last. */
static INLINE void mixed_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *hi, __global const real2_t *lo, int batch,
                              int flags, const int N, const int lo_bits, const int Q, const int P,
                              const int I, const int T, const int r0, const int r1, const int r2,
                              const int r3, const int r4, const int r5, const int r6, const int r7,
                              const int r8, const int r9, const int r10,
                              const int r11 PASS_EXTRA_PARAMS)
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

    /* the stages, unrolled: each with sub-span s = the product of the radices before it */
    PASS_STAGES

    /* an extension's step between the stages and the store (none in this chapter) */
    PASS_BETWEEN
    const int p_out = PASS_P_OUT;

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

#ifdef PASS_RENAMED
#undef mixed_pass
/* The pass under its own name for the kernels here and in the files after this one, where
 * a file in front renamed it to add parameters (PASS_EXTRA_PARAMS): the renamed pass with
 * PASS_PLAIN_FLAGS(flags) and PASS_PLAIN_ARGS, so that the extension's branches compile
 * away. */
static INLINE void mixed_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *hi, __global const real2_t *lo, int batch,
                              int flags, const int N, const int lo_bits, const int Q, const int P,
                              const int I, const int T, const int r0, const int r1, const int r2,
                              const int r3, const int r4, const int r5, const int r6, const int r7,
                              const int r8, const int r9, const int r10, const int r11)
{
    PASS_RENAMED(x, y, u, hi, lo, batch, PASS_PLAIN_FLAGS(flags), N, lo_bits, Q, P, I, T, r0, r1,
                 r2, r3, r4, r5, r6, r7, r8, r9, r10, r11 PASS_PLAIN_ARGS);
}
#endif

/* Contract (fft_mixed_p<n>, pass n of the plan; k = t mod p below)
 *   work-items : 1-D, groups of I*T items (P<n>_I x P<n>_T); group g does columns
 *                g*T .. g*T + T-1 of the batch*(N/Q) columns (columns past the end do no
 *                loads or stores, but take part in the barriers)
 *   args       : x, y (distinct buffers), u local T*Q*17/16 values, hi/lo twiddle tables
 *                (w_N^x = hi[x >> FL_LO_BITS] * lo[x & (2^FL_LO_BITS - 1)]), batch, flags
 *   reads      : x[row*N + t + j*(N/Q)] for the group's columns, every j < Q, once
 *   writes     : y[row*N + (t - k)*Q + k + j*p], every j < Q, once
 *   host calls : fft_mixed_p0, p1, ... in order, swapping x and y; pass n has p = the
 *                product of the earlier passes' Q. PASS_CONJ_IN on the first launch and
 *                PASS_CONJ_OUT on the last for an inverse. */
#define FL_PASS_KERNEL(K, QQ, PP, II, TT, RR)                                              \
    __kernel void fft_mixed_p##K(__global const real2_t *x, __global real2_t *y,           \
                                 __local real2_t *u, __global const real2_t *hi,          \
                                 __global const real2_t *lo, int batch, int flags)        \
    {                                                                                      \
        mixed_pass(x, y, u, hi, lo, batch, flags, FL_N, FL_LO_BITS, QQ, PP, II, TT,        \
                   RR);                                                                    \
    }
/* Pass n's kernel, unless pass n is a tuned one with a kernel of its own (-D P0_PARTS:
 * kernels/06_row_parts.cl; -D P<n>_COLPARTS: kernels/06_column_parts.cl). */
#if defined(P0_R) && !defined(P0_COLPARTS) && !defined(P0_PARTS)
FL_PASS_KERNEL(0, P0_Q, P0_P, P0_I, P0_T, P0_R)
#endif
#if defined(P1_R) && !defined(P1_COLPARTS)
FL_PASS_KERNEL(1, P1_Q, P1_P, P1_I, P1_T, P1_R)
#endif
#if defined(P2_R) && !defined(P2_COLPARTS)
FL_PASS_KERNEL(2, P2_Q, P2_P, P2_I, P2_T, P2_R)
#endif
#if defined(P3_R) && !defined(P3_COLPARTS)
FL_PASS_KERNEL(3, P3_Q, P3_P, P3_I, P3_T, P3_R)
#endif
#if defined(P4_R) && !defined(P4_COLPARTS)
FL_PASS_KERNEL(4, P4_Q, P4_P, P4_I, P4_T, P4_R)
#endif
#if defined(P5_R) && !defined(P5_COLPARTS)
FL_PASS_KERNEL(5, P5_Q, P5_P, P5_I, P5_T, P5_R)
#endif
#if defined(P6_R) && !defined(P6_COLPARTS)
FL_PASS_KERNEL(6, P6_Q, P6_P, P6_I, P6_T, P6_R)
#endif
#if defined(P7_R) && !defined(P7_COLPARTS)
FL_PASS_KERNEL(7, P7_Q, P7_P, P7_I, P7_T, P7_R)
#endif
