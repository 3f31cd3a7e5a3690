/* 05_register_radix, --variant simd — the same Stockham passes, shaped for a CPU.
 *
 * Why the other 05 kernels run scalar on pocl. A CPU runs a work-group as a loop over its
 * work-items, and pocl tries to turn that loop into SIMD code (one work-item per vector
 * lane, its "work-item loop vectorizer"). With float2 values, local-memory exchanges and
 * barriers it gives up (POCL_VECTORIZER_REMARKS=1 says why), so every work-item runs
 * alone: one complex add is two scalar adds, and a 16-lane AVX-512 unit does 1/16 of
 * what it could. A GPU has no such problem: its warp IS the vector, 32 work-items in
 * lock step, whatever each of them does.
 *
 * So here the vector is written out. A work-item does VL neighbouring columns of a pass
 * at once (VL = FFT_SIMD_VL = 8 lanes; float8 is a 256-bit ymm register, double8 a 512-bit
 * zmm one), with every value held "planar": one vector of VL real parts and one of VL
 * imaginary parts (struct cv). Then a complex add is two vector adds, a complex multiply
 * four multiplies and two adds, and the compiler emits SIMD code whatever pocl's
 * vectorizer thinks. The work-item is the warp; its lanes are the threads.
 *
 * One pass (n, p, Q), as in kernels/05_passes.cl: column t of a row (t < n/Q), k = t mod p,
 *     v[j] = x[t + j*(n/Q)] * w_(Q*p)^(j*k),  j < Q;   V = DFT_Q(v);   y[(t-k)*Q + k + j*p] = V[j]
 * Here ONE work-item does the whole column (Q = 2 .. 64 values, all in registers; no local
 * memory, no barriers), for VL columns t0 .. t0+VL-1 at once:
 *   load   for each j: x[t0 + j*(n/Q) .. + VL): VL consecutive complex values, one vload
 *          of 2*VL reals, split into real and imaginary parts by .even / .odd
 *   twiddle w_(Qp)^(j*k) for k = k0 .. k0+VL-1 (p >= VL): consecutive k, so also one
 *          vector load per factor from a planar table (below)
 *   DFT    radix Q on the Q pairs of vectors, unrolled, its twiddles compile-time constants
 *   store  p > 1: y[(t0-k0)*Q + k0 + j*p ..+VL) is consecutive again: one interleave and
 *          one vstore per j. p = 1 (the first pass): column t's outputs are y[t*Q + j],
 *          consecutive in j, not in t: a transpose of the VL x Q block, written lane by
 *          lane (pocl's LLVM spills the vectors to the stack and gathers each lane's
 *          values back; measured, that pass is no slower than the others).
 *
 * How large a Q: every pass streams the whole array through the caches, so fewer passes
 * is less traffic, but a column must fit the register file. Q = 16 is 32 vectors, just
 * AVX-512's 32 registers; Q = 32 (64 vectors) spills and measured slower for all its
 * fewer passes. The host picks (chapters/05_register_radix/main.c, FFTLAB_SIMD_QMAX).
 * Rows that fit a core's cache go through all their passes in one kernel, one work-item
 * per row (fft_simd_rows, at the end).
 *
 * Pass twiddles come from a table the host fills in double precision (rounded once to
 * real_t): for pass (p, Q) and every k < p, the factors w_(Qp)^(k*m) for the "digits"
 * m = a * 4^l (a = 1, 2, 3; m < Q; the host's loop calls a d). w^(j*k) is the product of
 * the factors of j's base-4 digits: at most 3 for Q <= 64, so each twiddle is at most two
 * products from exact.
 *   layout (reals, from the pass's offset): factor e's real parts at e*2p + k, its
 *   imaginary parts at e*2p + p + k, k < p: consecutive k, so a vector load per factor.
 *
 * Inverse transforms as in 05: conj on the way in (first pass) and out (last pass).
 * Built only when the host passes -D FFT_SIMD (chapters/05_register_radix/main.c), so
 * the chapter's other variants compile none of this.
 *
 * Notation: docs/notation.md */
#ifdef FFT_SIMD

/* cv (VL = FFT_SIMD_VL lanes), cv_ld / cv_st, the arithmetic (cv_add, cv_mmi, cv_mulk
 * ...), vload_vreal and sv_dft2/4/8: kernels/simd_cv.cl, built in front of this file. */

/* cos(2*pi*m/64), m = 0 .. 16: the first quadrant of the 64th roots of unity, from which
 * every butterfly constant below is taken. */
__constant real_t simd_cos64[17] = {
    (real_t)1.0,
    (real_t)0.99518472667219688624,
    (real_t)0.98078528040323044913,
    (real_t)0.95694033573220886494,
    (real_t)0.92387953251128675613,
    (real_t)0.88192126434835502971,
    (real_t)0.83146961230254523708,
    (real_t)0.77301045336273696081,
    (real_t)0.70710678118654752440,
    (real_t)0.63439328416364549822,
    (real_t)0.55557023301960222474,
    (real_t)0.47139673682599764856,
    (real_t)0.38268343236508977173,
    (real_t)0.29028467725446236764,
    (real_t)0.19509032201612826785,
    (real_t)0.09801714032956060199,
    (real_t)0.0,
};

/* a * w_Q^m, w_Q = exp(-2*pi*i/Q), Q <= 64, m a compile-time constant after unrolling:
 * every branch folds away, and the multiples of a quarter turn cost no multiplication.
 * m*64/Q = 16*q + r: w = (-i)^q * exp(-2*pi*i*r/64) = (-i)^q * (cos64[r], -cos64[16-r]). */
static SV_INLINE cv cv_twiddle_const(cv a, const int m, const int Q)
{
    const int e = (m * (64 / Q)) & 63, q = e >> 4, r = e & 15;
    if (r) {
        if (r == 8) /* (1 - i)/sqrt 2: two multiplies, not four */
            a = (cv){(a.re + a.im) * simd_cos64[8], (a.im - a.re) * simd_cos64[8]};
        else
            a = cv_mulk(a, simd_cos64[r], -simd_cos64[16 - r]);
    }
    if (q == 1) return cv_mmi(a);
    if (q == 2) return cv_neg(a);
    if (q == 3) return cv_mi(a);
    return a;
}

/* ---------------------------------------------------------------- DFTs on vectors
 * simd_cv.cl's sv_dft2/4/8 are the blocks of kernels/05_register_radix.cl on cv instead
 * of real2_t: every lane does its own column's DFT. Forward sign; in place, natural
 * order. Larger Q from them by the split below. */
static SV_INLINE void simd_dft_small(cv *v, const int r)
{
    if (r == 2) sv_dft2(v);
    else if (r == 4) sv_dft4(v);
    else sv_dft8(v);
}

/* DFT of Q = A*B (A, B <= 8) as A x B, the "four-step" split of dft16 in 05:
 *     a[n2][k1] = w_Q^(n2*k1) * DFT_A(v[n2 + B*n1], n1 < A)[k1]     for each n2 < B
 *     X[k1 + A*k2] = DFT_B(a[n2][k1], n2 < B)[k2]                     for each k1 < A
 * A, B constants: every index below is a constant once unrolled, so v[] and a[] stay in
 * registers (spilling, if any, goes to L1, not to a slow per-item memory as on a GPU). */
static SV_INLINE void simd_dft_split(cv *v, const int A, const int B)
{
    cv a[64];
    #pragma unroll
    for (int n2 = 0; n2 < B; n2++) {
        cv t[8];
        #pragma unroll
        for (int n1 = 0; n1 < A; n1++)
            t[n1] = v[n2 + B * n1];
        simd_dft_small(t, A);
        #pragma unroll
        for (int k1 = 0; k1 < A; k1++)
            a[n2 * A + k1] = cv_twiddle_const(t[k1], n2 * k1, A * B);
    }
    #pragma unroll
    for (int k1 = 0; k1 < A; k1++) {
        cv t[8];
        #pragma unroll
        for (int n2 = 0; n2 < B; n2++)
            t[n2] = a[n2 * A + k1];
        simd_dft_small(t, B);
        #pragma unroll
        for (int k2 = 0; k2 < B; k2++)
            v[k1 + A * k2] = t[k2];
    }
}

static SV_INLINE void simd_dft(cv *v, const int Q)
{
    if (Q <= 8) simd_dft_small(v, Q);
    else if (Q == 16) simd_dft_split(v, 4, 4);
    else if (Q == 32) simd_dft_split(v, 4, 8);
    else simd_dft_split(v, 8, 8);
}

/* ---------------------------------------------------------------- one pass per launch
 * simd_columns is one work-item's share of a pass; fft_simd_q<Q> (below) runs it once
 * per item, fft_simd_rows (at the end) once per block of columns of its row.
 *
 * Contract (every fft_simd_q<Q> kernel, Q = 2, 4, 8, 16, 32, 64)
 *   work-items : 1-D, `items` = batch * n / (Q*VL) of them (the global size may be larger:
 *                the extra items return at once); item g does columns t0 .. t0+VL-1 of
 *                row g / (n/(Q*VL)), t0 = VL * (g mod n/(Q*VL)); any group size (the host
 *                keeps one, 16, so pocl builds each kernel once), no local memory, no
 *                barriers
 *   args       : x, y (distinct buffers of interleaved complex values, as real_t), tw the
 *                twiddle table (reals; read only when p > 1), n, p, tw_off (this pass's
 *                offset into tw, in reals), flags (PASS_CONJ_IN / PASS_CONJ_OUT), items
 *   reads      : x[row*n + t + j*(n/Q)], j < Q, for its VL columns, once;
 *                tw[tw_off + e*2p + k (+ p)] for each factor e of Q (m = a*4^l < Q,
 *                a = 1..3: simd.c, simd_factor_list), k = t mod p (p > 1)
 *   writes     : y[row*n + (t - k)*Q + k + j*p], j < Q, once
 *   host calls : p = 1, then p *= Q after each launch (Q may differ per launch), swapping
 *                x and y, until p = n; every launch has n/Q >= VL (so VL | n/Q) and
 *                p = 1 or p >= VL (so a group of VL columns never straddles a multiple
 *                of p); PASS_CONJ_IN on the first launch, PASS_CONJ_OUT on the last, for
 *                an inverse. */
/* The VL columns t0 .. t0+VL-1 of one pass over the row that starts at x[row], y[row]
 * (row = a multiple of n): what one work-item does, in both kernels below. */
static SV_INLINE void simd_columns(__global const real_t *x, __global real_t *y,
                                     __global const real_t *tw, int n, int p, int tw_off,
                                     int flags, size_t row, int t0, const int Q)
{
    const int VL = FFT_SIMD_VL;
    int per_row = n / Q;                       /* columns per row */
    int k0 = t0 & (p - 1);
    cv v[64];

    /* load: value j of the VL columns is VL neighbouring complex values */
    #pragma unroll
    for (int j = 0; j < Q; j++) {
        v[j] = cv_ld(x + 2 * (row + t0 + (size_t)j * per_row));
        if (flags & PASS_CONJ_IN)
            v[j].im = -v[j].im;
    }

    if (p > 1) {
        /* w^(j*k) from the table's digit factors f[e] = w^(k * a * 4^l) */
        __global const real_t *f = tw + tw_off + k0;
        cv w[64];
        #pragma unroll
        for (int j = 1; j < Q; j++) {
            int e = 0, have = 0;
            cv acc;
            #pragma unroll
            for (int m4 = 1; m4 < Q; m4 *= 4) {
                int d = (j / m4) & 3;
                if (d) {
                    int idx = e + d - 1;   /* factor index of digit d at this level */
                    cv fa = {vload_vreal(0, f + idx * 2 * p), vload_vreal(0, f + idx * 2 * p + p)};
                    acc = have ? cv_mul(acc, fa) : fa;
                    have = 1;
                }
                e += (3 * m4 < Q) ? 3 : (2 * m4 < Q) ? 2 : 1;
            }
            w[j] = acc;
        }
        #pragma unroll
        for (int j = 1; j < Q; j++)
            v[j] = cv_mul(v[j], w[j]);
    }

    simd_dft(v, Q);

    if (flags & PASS_CONJ_OUT) {
        #pragma unroll
        for (int j = 0; j < Q; j++)
            v[j].im = -v[j].im;
    }
    if (p > 1) {
        /* k = k0 + lane: the VL outputs j land side by side */
        __global real_t *out = y + 2 * (row + (size_t)(t0 - k0) * Q + k0);
        #pragma unroll
        for (int j = 0; j < Q; j++)
            cv_st(v[j], out + 2 * (size_t)j * p);
    } else {
        /* p = 1: lane l's outputs are y[(t0+l)*Q + j], j < Q: the block is VL*Q
         * consecutive values, a transpose of v. Written lane by lane, as scalars taken
         * from the vectors (constant indices once unrolled); the compiler turns the
         * extraction into gathers from a stack copy of v, the stores stay in order. */
        __global real_t *out = y + 2 * (row + (size_t)t0 * Q);
        #pragma unroll
        for (int l = 0; l < VL; l++) {
            #pragma unroll
            for (int j = 0; j < Q; j++) {
                out[2 * (l * Q + j)] = ((real_t *)&v[j].re)[l];
                out[2 * (l * Q + j) + 1] = ((real_t *)&v[j].im)[l];
            }
        }
    }
}

static SV_INLINE void simd_pass(__global const real_t *x, __global real_t *y,
                                  __global const real_t *tw, int n, int p, int tw_off,
                                  int flags, int items, const int Q)
{
    int g = get_global_id(0);
    int ipr = n / Q / FFT_SIMD_VL;             /* items per row */
    if (g < items)
        simd_columns(x, y, tw, n, p, tw_off, flags, (size_t)(g / ipr) * n,
                     (g % ipr) * FFT_SIMD_VL, Q);
}

#define SIMD_PASS_KERNEL(Q)                                                                 \
    __kernel void fft_simd_q##Q(__global const real_t *x, __global real_t *y,               \
                                __global const real_t *tw, int n, int p, int tw_off,        \
                                int flags, int items)                                      \
    {                                                                                       \
        simd_pass(x, y, tw, n, p, tw_off, flags, items, Q);                                 \
    }

SIMD_PASS_KERNEL(2)
SIMD_PASS_KERNEL(4)
SIMD_PASS_KERNEL(8)
SIMD_PASS_KERNEL(16)
SIMD_PASS_KERNEL(32)
SIMD_PASS_KERNEL(64)

/* ---------------------------------------------------------------- all passes of a row
 * On a CPU the passes above each stream the whole batch through the caches: at 2^16 x 16
 * that is 8 MiB in and 8 MiB out per pass, from L3 or memory, four times. But one row of
 * 2^16 values is 512 KiB, and a core's L2 holds it. So here ONE work-item takes a whole
 * row through ALL its passes, one after another: the next pass reads what the previous
 * one wrote, still in the cache of the core that runs it. Same arithmetic, same table,
 * same result as the fft_simd_q<Q> launches; only the memory traffic changes.
 *
 * Why one work-item and not a group with a barrier between the passes (the GPU way):
 * pocl runs the items of a group as a loop, cut at every barrier into regions; values
 * that might live across a barrier are kept in per-item arrays in memory, and this
 * kernel's v[] went there (measured: 2^16 x 16 took 2.9 ms with a barrier and 16-item
 * groups, 4.4 ms with 64; 1.5 ms with one item per row and no barrier). A work-item sees
 * its own global writes in program order, so it needs no barrier at all. The price: one
 * row is one thread's work, so this kernel pays only with as many rows as cores.
 *
 * Contract (fft_simd_rows)
 *   work-items : 1-D, batch groups of ONE work-item (reqd_work_group_size); item g does
 *                row g
 *   args       : x, y (distinct), tw (as fft_simd_q<Q>, the same layout), n, npass,
 *                log2qs (pass i's log2 Q in bits 4i .. 4i+3, Q = 8, 16 or 32), flags
 *   reads      : x[g*n .. g*n + n) in the first pass; then what its previous pass wrote
 *   writes     : pass i writes y for even i, x for odd i (so x is overwritten when
 *                npass > 1); the result is in y if npass is odd, else in x
 *   host calls : once; the Q's as fft_simd_q<Q>'s (n/Q >= VL, Q_0 >= VL); flags
 *                PASS_CONJ_IN | PASS_CONJ_OUT for an inverse. */
static int simd_factor_count(int Q)
{
    int count = 0;
    for (int m4 = 1; m4 < Q; m4 *= 4)
        count += (3 * m4 < Q) ? 3 : (2 * m4 < Q) ? 2 : 1;
    return count;
}

__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void fft_simd_rows(__global real_t *x, __global real_t *y, __global const real_t *tw, int n,
                   int npass, int log2qs, int flags)
{
    const int VL = FFT_SIMD_VL;
    size_t row = (size_t)get_global_id(0) * n;
    __global real_t *src = x, *dst = y;
    int p = 1, tw_off = 0;
    for (int i = 0; i < npass; i++) {
        int lq = (log2qs >> (4 * i)) & 15, Q = 1 << lq;
        int f = (i == 0 ? flags & PASS_CONJ_IN : 0) | (i == npass - 1 ? flags & PASS_CONJ_OUT : 0);
        for (int t0 = 0; t0 < (n >> lq); t0 += VL) {
            /* one branch per radix: Q must be a constant inside simd_columns */
            if (Q == 8)
                simd_columns(src, dst, tw, n, p, tw_off, f, row, t0, 8);
            else if (Q == 16)
                simd_columns(src, dst, tw, n, p, tw_off, f, row, t0, 16);
            else
                simd_columns(src, dst, tw, n, p, tw_off, f, row, t0, 32);
        }
        if (p > 1)
            tw_off += simd_factor_count(Q) * 2 * p;
        p <<= lq;
        __global real_t *t = src;
        src = dst;
        dst = t;
    }
}

#endif /* FFT_SIMD */
