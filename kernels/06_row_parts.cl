/* 06_mixed_radix, going further — a row in parts (-D P0_PARTS: fft_row_parts_p0) and
 * exchanges in halves (-D FL_PASS_HALVES: every exchange of the program's passes through
 * PASS_EXCHANGE). Lesson 06, "A row in parts" and "Exchanging in halves". Built after
 * kernels/06_passes.cl (stage, exchange, PASS_STAGES_FROM, twiddle_row, dft_r, FOR_M).
 *     P0_PARTS      a row in parts (below): P0_Q and P0_R are one part's, the radix-P0_PARTS
 *                   stage across the parts is the last
 *     FL_PASS_HALVES every exchange in halves, real parts then imaginary (exchange_halves;
 *                   the host plans it only for a row in parts whose part is more than local
 *                   memory holds whole)
 *
 * Notation: docs/notation.md */

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

/* ---------------------------------------------------------------- a row in parts
 * A row longer than local memory holds (8192 and 16384 fp32 points; local memory holds
 * 4096) takes two passes above. But local memory is only where values meet between
 * stages: they live in registers, and a group of 256 items holds 64 values each. So cut
 * the row as chapter 05's fused row kernel does ("Beyond one local memory"): N = G x Q,
 * and the G columns x[q + j*G] (q < G, j < Q) are G independent Q-point FFTs Y_q. Every
 * item holds its share of every column, part q at v + q*FL_VMAX; each stage runs on
 * every part, and each exchange is G rounds, one column through local memory at a time
 * with all I items busy in every round (07's columns in parts idle 3 of 4 parts' items
 * instead). What is left of the N-point FFT is one radix-G stage across the columns
 * (decimation in time):
 *     X[j + e*Q] = sum_q w_G^(q*e) * (w_N^(j*q) * Y_q[j]),   e < G
 * and the item that holds Y_q[j] holds it for every q, so that stage is done in
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
 *   args       : as fft_mixed_p<n>, but u holds one part: P0_Q*17/16 values (as
 *                real_t with FL_PASS_HALVES: half the bytes)
 *   reads      : x[row*FL_N + e], every e < FL_N, once (j*P0_PARTS + q for the parts q of j)
 *   writes     : y[row*FL_N + j + e*P0_Q], every j < P0_Q and e < P0_PARTS, once
 *   host calls : once, with -D P0_PARTS (G), P0_Q = FL_N / G, P0_I, P0_R (one part's
 *                radices); PASS_CONJ_IN | PASS_CONJ_OUT for an inverse. */


#if defined(P0_PARTS) && !defined(P0_COLPARTS)
#if P0_PARTS > FL_ROW_MAX_PARTS
#error "P0_PARTS is more than FL_ROW_MAX_PARTS"
#endif
__kernel __attribute__((reqd_work_group_size(P0_I, 1, 1)))
void fft_row_parts_p0(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                      __global const real2_t *hi, __global const real2_t *lo, int batch, int flags)
{
    row_parts_pass(x, y, u, hi, lo, flags, FL_N, FL_LO_BITS, P0_PARTS, P0_Q, P0_I, P0_R);
}
#endif
