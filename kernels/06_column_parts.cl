/* 06_mixed_radix, going further — a pass's columns in parts or in slices (-D
 * P<n>_COLPARTS: fft_mixed_parts_p<n>; lesson 06, "Passes in parts"), and the strided
 * loads and stores of a column pass that they share with the column passes of later
 * chapters. Built after kernels/06_passes.cl (stage, exchange_put, exchange_get, slot,
 * PASS_STAGES_WITH, PASS_LAST_RADIX, FOR_M).
 *     P<n>_COLPARTS pass n's T columns in parts (fft_mixed_parts_p<n>)
 *
 * Notation: docs/notation.md */

/* The loads of a column pass (the outer axes of a 2-D or 3-D array; mixed_parts_pass
 * below): the first stage's butterfly b takes values j = b + m*(Q/r0) of the item's
 * column, read at IN + j*DJ, times the pass twiddle w_(Q*P)^(j*k) = w_N^(j*k*N/(Q*P)) when
 * P > 1. An item past the last column (VALID 0) loads nothing. */
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
 * FL_PART_VMAX), and local memory holds T/G columns (G parts), or a slice of every column,
 * at a time, each exchange in G rounds. Chapter 07's outer axes of 2048 and 4096 points
 * (fft_parts_<a>_p0, lesson 07 "Columns in parts") and this chapter's passes of two
 * (fft_mixed_parts_p<n>, below; lesson 06 "Passes in parts") use them. */

#define FL_PART_VMAX 64 /* values one item holds in a pass in parts (part_values, fp32) */

/* Exchange (above) in G rounds (the parameter B) of Tp columns: item i of column c takes
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
 * memory holds slice q (slots q*Q/G .. (q+1)*Q/G - 1) of all T columns at once (G slices:
 * the parameter B). With b = i + jb*I and sp (the sub-span of the stage before) dividing
 * I, the put slot (b - b mod sp)*rp + b mod sp + m*sp lies in slice jb / (nbp/G) for
 * every m (nbp = Q/(rp*I) butterflies an item, G dividing it); the get slot b + m*(Q/rn)
 * in slice m / (rn/G) for every b (G dividing rn). So in round q every item puts its
 * butterflies of slice q and gets its values of slice q: no item waits (lesson 07,
 * "Columns in parts"). The values got go to W first, since the next stage's butterfly jb
 * shares v[] with butterflies not put yet; copying W back is register renaming once
 * unrolled. */
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
 * fft_mixed_parts_p<n>. */
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

/* Contract (fft_mixed_parts_p<n>, pass n > 0 of the plan, its last: columns in parts)
 *   work-items : as fft_mixed_p<n> (reqd_work_group_size I*T: an item's 64 values need the
 *                registers); columns q*T/G .. (q+1)*T/G - 1 of a group are part q
 *   args       : as fft_mixed_p<n>, but u holds (T/G)*Q*17/16 values (G = P<n>_COLPARTS)
 *   reads      : x[row*N + t + j*(N/Q)], every j < Q, once, times w_(Q*p)^(j*k) (p > 1)
 *   writes     : y[row*N + (t - k)*Q + k + j*p], every j < Q, once (with p = 1 the T
 *                columns' runs of Q, each item's values j = b + m*Q/rl in lanes of
 *                neighbouring b: whole 32-byte sectors)
 *   host calls : as fft_mixed_p<n>, with -D P<n>_COLPARTS. */
#define FL_PARTS_KERNEL(K, BB, QQ, PP, II, TT, RR)                                         \
    __kernel __attribute__((reqd_work_group_size(II * TT, 1, 1)))                          \
    void fft_mixed_parts_p##K(__global const real2_t *x, __global real2_t *y,              \
                              __local real2_t *u, __global const real2_t *hi,             \
                              __global const real2_t *lo, int batch, int flags)           \
    {                                                                                      \
        mixed_parts_pass(x, y, u, hi, lo, batch, flags, FL_N, FL_LO_BITS, BB, QQ, PP, II,  \
                         TT, RR);                                                          \
    }
#ifdef P0_COLPARTS
FL_PARTS_KERNEL(0, P0_COLPARTS, P0_Q, P0_P, P0_I, P0_T, P0_R)
#endif
#ifdef P1_COLPARTS
FL_PARTS_KERNEL(1, P1_COLPARTS, P1_Q, P1_P, P1_I, P1_T, P1_R)
#endif
#ifdef P2_COLPARTS
FL_PARTS_KERNEL(2, P2_COLPARTS, P2_Q, P2_P, P2_I, P2_T, P2_R)
#endif
#ifdef P3_COLPARTS
FL_PARTS_KERNEL(3, P3_COLPARTS, P3_Q, P3_P, P3_I, P3_T, P3_R)
#endif
#ifdef P4_COLPARTS
FL_PARTS_KERNEL(4, P4_COLPARTS, P4_Q, P4_P, P4_I, P4_T, P4_R)
#endif
#ifdef P5_COLPARTS
FL_PARTS_KERNEL(5, P5_COLPARTS, P5_Q, P5_P, P5_I, P5_T, P5_R)
#endif
#ifdef P6_COLPARTS
FL_PARTS_KERNEL(6, P6_COLPARTS, P6_Q, P6_P, P6_I, P6_T, P6_R)
#endif
#ifdef P7_COLPARTS
FL_PARTS_KERNEL(7, P7_COLPARTS, P7_Q, P7_P, P7_I, P7_T, P7_R)
#endif
