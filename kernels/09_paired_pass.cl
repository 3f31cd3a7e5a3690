/* 09_real_input, going further — the paired pass: --variant fused where the rows of M
 * values take several passes, the twist inside the x axis's last pass (R2C) or its first
 * (C2R): rfft_rows_paired, irfft_rows_paired. Built after chapter 06's and 07's kernel
 * files and in front of kernels/09_real_input.cl, whose twists it calls (declared here).
 *
 * Notation: docs/notation.md (M = N/2 is its H, as in kernels/09_real_input.cl) */
static INLINE real2_t rh_conj(real2_t a);
static INLINE void post_twist_pair(real2_t a, real2_t b, real2_t w, real2_t *xk, real2_t *xmk);
static INLINE void pre_twist_pair(real2_t a, real2_t b, real2_t w, int k, real2_t *zk,
                                  real2_t *zmk);

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
