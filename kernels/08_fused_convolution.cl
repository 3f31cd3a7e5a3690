/* The convolution at the heart of chapter 08, shared with chapter 11: a row's forward FFT,
 * a pointwise product with a table, and the inverse FFT, in one kernel.
 *
 * Bluestein's algorithm (08) is a convolution of the chirped input with the conjugate chirp;
 * Rader's (08) a cyclic convolution of the permuted input; chapter 11's is the convolution
 * itself. All three run the same middle: after a forward FFT's last stage, each output times
 * a table value, conjugated (so that the same stages next do the inverse), and back to the
 * first stage's order (pass_middle_hook, which 06's pass also calls between its stages and
 * its store with kernels/08_pass_hooks.cl's PASS_HOOK_MIDDLE); and, where a row fits one
 * work-group, a whole row through both FFTs in local memory (fused_row).
 *
 * Built after kernels/06_passes.cl and the files after it (stage, exchange, PASS_STAGES,
 * FOR_M, cmul) and 07_multidim.cl, in front of 08_bluestein.cl and 11_convolution.cl,
 * which define the kernels.
 *
 * Notation: docs/notation.md */

/* Between Bluestein's two FFTs when both run in one kernel (bluestein_fused below, and
 * 06's pass with PASS_HOOK_MIDDLE: bs_middle): after the last stage (radix rl) butterfly b
 * holds outputs j = b + m*(Q/rl), elements e0 + j*es of the row; Z_j = V_j * tab[e0 +
 * j*es], conjugated so that the next FFT is the inverse; then back to the first stage's
 * order (radix r0) through local memory: value j to slot j (the last stage's sub-span is
 * Q/rl, so exchange's Stockham place is j itself), barrier, read j = b + m*(Q/r0). Where
 * rl = r0 that read is what butterfly b holds already: no exchange (one of five in a row's
 * two FFTs, NOTES.md of chapter 11; its plans put a repeated radix at both ends). */
static INLINE void pass_middle_hook(real2_t *v, __local real2_t *u, __global const real2_t *tab,
                                    int e0, int es, int i, int c, const int rl, const int r0,
                                    const int Q, const int I, const int T, const int cf)
{
    const int B = Q / rl, nb = (B + I - 1) / I;
    #pragma unroll
    for (int jb = 0; jb < nb; jb++) {
        int b = i + jb * I;
        if (B % I == 0 || b < B) {
            /* the butterfly's table values from one pointer, at constant steps: indexed
             * as tab[e0 + (b + m*B)*es], the reads shared the 16 indices of the row's
             * loads, which a compiler then keeps in 64-bit registers from the first load
             * to the last store (NOTES.md of chapter 11, section 14) */
            __global const real2_t *tb = tab + e0 + b * es;
#define PRODUCT_M(m)                                                                       \
    {                                                                                      \
        real2_t z = cmul(v[jb * rl + m], tb[(m) * B * es]);                                \
        v[jb * rl + m] = (real2_t)(z.x, -z.y);                                             \
    }
            FOR_M(rl, PRODUCT_M)
#undef PRODUCT_M
        }
    }
    if (rl != r0)
        exchange(v, u, i, c, rl, Q / rl, r0, Q, I, T, cf);
}

/* A pass's -D list (Q, p, I, T, 12 radices) with p replaced, and its Q: the inverse after
 * the middle pass is pass 0's Q and shape with p = pass 1's Q. (No variadic macros in
 * OpenCL C 1.2: the 16 values are named.) */
#define BS_P_AS(list, p) BS_P_AS_(list, p)
#define BS_P_AS_(q, p0, i, t, a, b, c, d, e, f, g, h, k, l, m, n, p) \
    q, p, i, t, a, b, c, d, e, f, g, h, k, l, m, n
#define BS_Q_OF(list) BS_Q_OF_(list)
#define BS_Q_OF_(q, p0, i, t, a, b, c, d, e, f, g, h, k, l, m, n) q

/* One group's T rows through a whole convolution, both FFTs in one pass of N = Q points
 * (Bluestein's M, Rader's L, chapter 11's grid M); rows of NX values in, of NY out. MODE
 * (a constant) picks what surrounds the FFTs, with the tables ENDS and MID:
 *   FUSED_BLUESTEIN  loads a_j = x[j] * c_j (0 for NX <= j < M), ends = the chirp c,
 *                    mid = Bh; stores X_k = c_k * conv_k for k < NY (= NX)
 *   FUSED_RADER      loads u_a = x[g^a], ends = perm, mid = gh; stores X[g^-h] = x[0] +
 *                    conv_h and X[0] = x[0] + FFT_L(u)[0]
 *   FUSED_CONV       loads x[j] (0 for NX <= j < M: the zero-padding), mid = H / M (ends
 *                    unused); stores conv_k for k < NY (the cut). Row r's product takes
 *                    row r mod MID_ROWS of MID (rows of M: a 2-D spectrum; 1 for 1-D)
 * See bluestein_fused, rader_fused and conv_fused (kernels/11_convolution.cl). */
#define FUSED_BLUESTEIN 0
#define FUSED_RADER 1
#define FUSED_CONV 2
static INLINE void fused_row(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                             __global const real2_t *hi, __global const real2_t *lo,
                             __global const real2_t *inv_hi, __global const real2_t *inv_lo,
                             __global const real2_t *ends, __global const real2_t *mid, int batch,
                             const int mode, const int NX, const int NY, const int MID_ROWS,
                             const int N, const int lo_bits,
                             const int Q, const int P, const int I, const int T, const int r0,
                             const int r1, const int r2, const int r3, const int r4, const int r5,
                             const int r6, const int r7, const int r8, const int r9,
                             const int r10, const int r11)
{
    const int cf = 0;                 /* local memory: a row's values together (exchange) */
    const int l = get_local_id(0);
    const int c = l / I, i = l % I;   /* row c of the group, item i of that row */
    const size_t row = (size_t)get_group_id(0) * T + c;
    const int valid = row < (size_t)batch;
    const int rader = mode == FUSED_RADER, conv = mode == FUSED_CONV;
    __global const real2_t *in = x + (valid ? row : 0) * NX;
    __global real2_t *out = y + row * NY;
    const real2_t x0 = rader ? in[0] : (real2_t)(0, 0);
    real2_t v[FL_VMAX];
    (void)P; /* 1: one pass */

    /* 1. a: the first stage's butterfly b takes the values j = b + m*(N/r0); Rader's
     *    x[g^a] are read from global memory in that order (scattered addresses of one
     *    row: through local memory in order instead was slower at 2017 and 4001, NOTES.md) */
    {
        const int B = Q / r0, nb = (B + I - 1) / I;
    #pragma unroll
        for (int jb = 0; jb < nb; jb++) {
            int b = i + jb * I;
            if (B % I == 0 || b < B) {
#define LOAD_M(m)                                                                          \
    {                                                                                      \
        int j = b + m * B;                                                                 \
        v[jb * r0 + m] = rader ? in[(int)ends[j].x]                                        \
                         : !(valid && j < NX) ? (real2_t)(0, 0)                             \
                         : conv ? in[j] : cmul(in[j], ends[j]);                             \
    }
                FOR_M(r0, LOAD_M)
#undef LOAD_M
            }
        }
    }

    /* 2. FFT_N(a), in registers and local memory (06's stages); Rader's item 0 holds
     *    its output 0, the sum of the u_a, as its first value */
    PASS_STAGES
    const real2_t a0 = v[0];

    /* 3. conj(FFT_N(a) * mid), and 4. back to the first stage's order (pass_middle_hook above) */
    const int rl = PASS_LAST_RADIX;
    const int BL = Q / rl, nbl = (BL + I - 1) / I;
    pass_middle_hook(v, u, mid + (MID_ROWS > 1 ? (int)(row % MID_ROWS) * Q : 0), 0, 1, i, c,
                     rl, r0, Q, I, T, cf);

    /* 5. V = FFT_N(conj Z); conv = conj(V). The same stages as 2., so the same twiddles,
     *    but read through the kernel's second pointer to the table (inv_hi, inv_lo): from
     *    one pointer, a compiler may load each stage's twiddles once and keep them in
     *    registers through the product until the second FFT, as NVIDIA's did (159
     *    registers an item in conv_fused, 128 with two pointers; NOTES.md of chapter 11,
     *    section 15) */
    {
        __global const real2_t *hi = inv_hi, *lo = inv_lo; /* PASS_STAGES reads hi and lo */
        PASS_STAGES
    }

    /* 6. the outputs, straight from registers (Bluestein's k >= NX are dropped) */
    #pragma unroll
    for (int jb = 0; jb < nbl; jb++) {
        int b = i + jb * I;
        if (BL % I == 0 || b < BL) {
#define STORE_M(m)                                                                         \
    {                                                                                      \
        int e = b + m * BL;                                                                \
        real2_t cv = (real2_t)(v[jb * rl + m].x, -v[jb * rl + m].y);                       \
        if (rader && valid)                                                                \
            out[(int)ends[e].y] = x0 + cv;                                                 \
        else if (!rader && valid && e < NY && conv)                                        \
            (out + b)[m * BL] = cv;      /* out[e], from one pointer (as tb above) */      \
        else if (!rader && valid && e < NY)                                                \
            out[e] = cmul(cv, ends[e]);                                                    \
    }
            FOR_M(rl, STORE_M)
#undef STORE_M
        }
    }
    if (rader && valid && i == 0)
        out[0] = x0 + a0;
}

