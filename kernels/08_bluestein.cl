/* 08_bluestein — any N: the DFT as a convolution of length M = 2^a 3^b 5^c 7^d
 * (Bluestein's chirp-z algorithm).
 *
 * The identity jk = (j^2 + k^2 - (k - j)^2) / 2 splits the DFT's kernel in three:
 *     exp(sign*2*pi*i*jk/N) = c_j * c_k * conj(c_(k-j)),   c_n = exp(sign*pi*i*n^2/N)
 * so that
 *     X[k] = c_k * sum_j (x[j]*c_j) * conj(c_(k-j)),   k = 0 .. N-1:
 * the chirp c times the convolution of a_j = x[j]*c_j with b_m = conj(c_m), m = -(N-1) ..
 * N-1. A circular convolution of length M >= 2N - 1 has the same sums (b_m for m < 0 sits
 * at M + m, and no k - j wraps onto another), and a circular convolution is a pointwise
 * product between FFTs of length M, which chapter 06's passes do for M = 2^a 3^b 5^c 7^d:
 *     Z    = FFT_M(a zero-padded to M) * Bh,
 *                           Bh = FFT_M(b wrapped to M) / M   (a table from the host)
 *     conv = conj(FFT_M(conj Z))                             (the inverse FFT, as in 05-07)
 *     X[k] = c_k * conv[k],  k < N                           (conv[k] for k >= N is unused)
 * The chirp and Bh are tables computed on the host in double, c_n with n^2 reduced mod 2N
 * in integers first; --variant chirp_table computes another chirp here instead, the
 * exercise's c'_n = exp(sign*pi*i*n(n+N)/N) (chirp(): the block #ifndef
 * FL_EXERCISE_CHIRP_TABLE is replaced by the student's file; the host makes Bh from c').
 *
 * The host (chapters/08_bluestein/main.c) picks M (fl_bluestein_length in
 * common/fft/radix_plan.c), plans the M-point transform as chapter 07 plans an axis
 * (common/fft/axis_plan.c) and runs it one of three ways:
 *   plain         bs_premul, the passes (07's fft_rows_x_p<n>), bs_pointwise, the passes
 *                 again with conj in and out, bs_postmul: 2 x passes + 3 launches, each
 *                 multiply one more read and write of M x batch values
 *   fused_passes  the three multiplies inside the passes, through the hooks of
 *                 kernels/08_pass_hooks.cl (-D FL_PASS_HOOKS): bs_forward_first reads x*c
 *                 zero-padded straight from the input, bs_forward_last stores FFT_M(a)*Bh,
 *                 bs_inverse_last stores c*conv, truncated to N: 2 x passes launches
 *   fused         (default) where M fits one work-group, bluestein_fused: one launch,
 *                 each row's two FFTs in the same group, M values never leave it; else
 *                 fused_passes; for some primes rader_fused instead (Rader, below)
 *
 * -D constants: BS_N (N) and BS_M (M; Rader's L with BS_RADER), chapter 07's for the axis of M points (Ax_N = M,
 * Ax_LB, Ax_S = 1, Ax_KIND = ROWS, Ax_P<n> = Q,p,I,T,radices; TILE), FL_PASS_HOOKS when a
 * plan uses the hooks. Built after kernels/08_pass_hooks.cl (the hooks' declarations, in
 * front of 06's pass), kernels/06_passes.cl and the 06_*.cl after it (mixed_pass, stage,
 * exchange, NEXT_STAGE, FOR_M), 05_register_radix.cl and 06_mixed_radix.cl (the blocks,
 * the twiddle lookup), 07_multidim.cl (fft_rows_x_p<n>) and 08_fused_convolution.cl (the
 * middle, pass_middle_hook, and a row's whole convolution, fused_row: shared with chapter
 * 11); --kernels FILE replaces this file only.
 *
 * Sources: L. I. Bluestein, "A linear filtering approach to the computation of the
 * discrete Fourier transform" (1970); L. R. Rabiner, R. W. Schafer, C. M. Rader, "The
 * chirp z-transform algorithm" (1969).
 *
 * Notation: docs/notation.md */

#ifndef BS_N
#error "BS_N is not defined: build through the harness (chapters/08_bluestein/main.c passes -D BS_N=...)"
#endif

/* ---------------------------------------------------------------- the chirp, on the device */

/* Exercise 08_bluestein/chirp_table (--variant chirp_table, exercises/08_bluestein/
 * chirp_table.cl): the student's chirp(n, sign) is built here, in place of this block, and
 * returns another chirp than the chapter's, c'_n = exp(sign*pi*i*n(n+N)/N); the host makes
 * Bh from c' for that variant. */
#ifndef FL_EXERCISE_CHIRP_TABLE
/* The chapter's chirp is the one below: it is c, not c', and fails the exercise. */
#endif

/* c_n = exp(sign*pi*i*n^2/N), 0 <= n < N, in real_t: the chapter's chirp made on the
 * device (the host's table, computed the same way in double, is what the plans use). The
 * angle pi*n^2/N grows like pi*N, and in fp32 a large angle carries a large rounding error
 * (about |angle| * 2^-24 radians); n < 2^24 makes n^2 < 2^48, more than an int holds.
 * Not built with the exercise, whose chirp() takes its place. */
#if !defined(FL_EXERCISE_CHIRP_TABLE)
real2_t chirp(int n, int sign)
{
    /* c_n depends on n^2 only modulo 2N (exp(pi*i*2N/N) = 1): reduce it exactly, in 64-bit
     * integers, and the angle pi*r/N is below 2*pi */
    ulong r = (ulong)n * (ulong)n % (2 * (ulong)BS_N);
    /* fold r in [N, 2N) to r - 2N, so f = r/N is in [-1, 1) (r is exact in fp32 up to
     * 2^24); cospi and sinpi take pi*f without rounding pi first */
    long s = r >= (ulong)BS_N ? (long)r - 2 * (long)BS_N : (long)r;
    real_t f = (real_t)s / (real_t)BS_N;
    return (real2_t)(cospi(f), sign * sinpi(f));
}
#endif

/* Contract (chirp_table, --variant chirp_table only)
 *   work-items : 1-D, N rounded up to the group size; item n < N does one value
 *   args       : ch (N values, a device scratch buffer), sign (-1 forward, +1 inverse)
 *   writes     : ch[n] = chirp(n, sign) (the student's: c'_n), every n < N once
 *   host calls : first in the plan, before every launch that reads ch */
__kernel void chirp_table(__global real2_t *ch, int sign)
{
    const int n = get_global_id(0);
    if (n < BS_N)
        ch[n] = chirp(n, sign);
}

/* ---------------------------------------------------------------- plain: three multiplies */

/* Contract (bs_premul, plain)
 *   work-items : 2-D, (M rounded up to the group size, batch); item (j, row)
 *   args       : x (A: batch rows of N), y (a scratch of batch rows of M), ch (N values)
 *   reads      : x[row*N + j] and ch[j] for j < N
 *   writes     : y[row*M + j] = x[row*N + j] * ch[j] for j < N, 0 for N <= j < M: every
 *                element of y once
 *   host calls : first, then the forward passes on y */
__kernel void bs_premul(__global const real2_t *x, __global real2_t *y, __global const real2_t *ch)
{
    const int j = get_global_id(0);
    const size_t row = get_global_id(1);
    if (j < BS_M)
        y[row * BS_M + j] = j < BS_N ? cmul(x[row * BS_N + j], ch[j]) : (real2_t)(0, 0);
}

/* Contract (bs_pointwise, plain)
 *   work-items : 2-D, (M rounded up to the group size, batch); item (j, row)
 *   args       : z (batch rows of M: FFT_M(a) on entry), bh (M values, FFT_M(b) / M)
 *   reads, writes: z[row*M + j] = z[row*M + j] * bh[j], in place, every element once
 *   host calls : between the forward passes and the inverse ones */
__kernel void bs_pointwise(__global real2_t *z, __global const real2_t *bh)
{
    const int j = get_global_id(0);
    const size_t row = get_global_id(1);
    if (j < BS_M)
        z[row * BS_M + j] = cmul(z[row * BS_M + j], bh[j]);
}

/* Contract (bs_postmul, plain)
 *   work-items : 2-D, (N rounded up to the group size, batch); item (k, row)
 *   args       : conv (batch rows of M, the inverse passes' result), y (B: batch rows of
 *                N), ch (N values)
 *   reads      : conv[row*M + k] and ch[k] for k < N (the rest of conv is not needed)
 *   writes     : y[row*N + k] = conv[row*M + k] * ch[k], every k < N once
 *   host calls : last */
__kernel void bs_postmul(__global const real2_t *conv, __global real2_t *y, __global const real2_t *ch)
{
    const int k = get_global_id(0);
    const size_t row = get_global_id(1);
    if (k < BS_N)
        y[row * BS_N + k] = cmul(conv[row * BS_M + k], ch[k]);
}

/* ---------------------------------------------------------------- fused_passes: the hooks */

#ifdef FL_PASS_HOOKS
#define BS_STORE_RESULT 16 /* pass_store_hook in the last inverse pass (else the last forward) */

/* The first forward pass reads a_e = x[e] * c_e, zero for N <= e < M, from the input's
 * rows of N: the zero-padded copy of plain's bs_premul never exists. */
real2_t pass_load_hook(__global const real2_t *x, size_t row, int e, __global const real2_t *ch,
                       int flags)
{
    (void)flags;
    return e < BS_N ? cmul(x[row * BS_N + e], ch[e]) : (real2_t)(0, 0);
}

/* The last forward pass stores Z_e = A_e * Bh_e (rows of M); the last inverse pass stores
 * X_e = c_e * conv_e for e < N only, into the output's rows of N (VALUE is already
 * conjugated by PASS_CONJ_OUT). */
void pass_store_hook(__global real2_t *y, size_t row, int e, real2_t value, __global const real2_t *tab,
                     int flags)
{
    if (!(flags & BS_STORE_RESULT))
        y[row * BS_M + e] = cmul(value, tab[e]);
    else if (e < BS_N)
        y[row * BS_N + e] = cmul(value, tab[e]);
}
#endif

#ifdef Ax_P0
/* The last pass of the M-point plan (up to 4, FL_AXIS_MAX_PASSES). */
#if defined(Ax_P3)
#define BS_LAST_PASS Ax_P3
#elif defined(Ax_P2)
#define BS_LAST_PASS Ax_P2
#elif defined(Ax_P1)
#define BS_LAST_PASS Ax_P1
#else
#define BS_LAST_PASS Ax_P0
#define BS_ONE_PASS 1
#endif

#ifdef FL_PASS_HOOKS
/* bs_forward_first's pass: pass 0 of M, in its own groups where the host gives it one
 * (-D BS_FIRST; M in two passes: bs_inverse_after_middle keeps Ax_P0's) */
#ifdef BS_FIRST
#define BS_FIRST_PASS BS_FIRST
#else
#define BS_FIRST_PASS Ax_P0
#endif

/* Contract (bs_forward_first, bs_forward_last, bs_inverse_last: fused_passes)
 *   the pass of chapter 06 (mixed_pass, see fft_mixed_p<n> in kernels/06_passes.cl) for
 *   rows of M = Ax_N points, pass 0 (first) or the last pass of the plan, with hooks:
 *   work-items : 1-D, groups of I*T items of that pass, as fft_rows_x_p<n> (BS_FIRST's
 *                for bs_forward_first where it is given)
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (the twiddles of M: lo
 *                2^Ax_LB values, then hi), ch (N values: the chirp), bh (M values:
 *                FFT_M(b) / M), batch
 *   bs_forward_first : reads x = the input, rows of N, as x[e]*c_e (0 for e >= N); writes
 *                y, rows of M; with one pass only it also stores FFT_M(a)*Bh (pass_store_hook)
 *   bs_forward_last  : (two passes or more) reads rows of M, writes FFT_M(a)*Bh, rows of M
 *   bs_inverse_last  : reads rows of M, writes y = the output, rows of N: c_k * conj(V_k)
 *                for k < N only (with one pass it also conjugates what it loads)
 *   host calls : bs_forward_first, fft_rows_x_p1 .. (flags 0), bs_forward_last; then
 *                fft_rows_x_p0 (flags PASS_CONJ_IN), fft_rows_x_p1 .. (flags 0),
 *                bs_inverse_last; each from one buffer to the next, 2 x passes launches */
__kernel void bs_forward_first(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                               __global const real2_t *tw, __global const real2_t *ch,
                               __global const real2_t *bh, int batch)
{
#ifdef BS_ONE_PASS
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch, PASS_HOOK_LOAD | PASS_HOOK_STORE,
                      Ax_N, Ax_LB, Ax_P0, ch, bh);
#else
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch, PASS_HOOK_LOAD, Ax_N, Ax_LB,
                      BS_FIRST_PASS, ch, bh);
#endif
}

#ifndef BS_ONE_PASS
__kernel void bs_forward_last(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *tw, __global const real2_t *ch,
                              __global const real2_t *bh, int batch)
{
    (void)ch;
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch, PASS_HOOK_STORE, Ax_N, Ax_LB,
                      BS_LAST_PASS, 0, bh);
}
#endif

__kernel void bs_inverse_last(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *tw, __global const real2_t *ch,
                              __global const real2_t *bh, int batch)
{
    (void)bh;
#ifdef BS_ONE_PASS
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch,
                      PASS_CONJ_IN | PASS_CONJ_OUT | PASS_HOOK_STORE | BS_STORE_RESULT, Ax_N, Ax_LB,
                      BS_LAST_PASS, 0, ch);
#else
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch,
                      PASS_CONJ_OUT | PASS_HOOK_STORE | BS_STORE_RESULT, Ax_N, Ax_LB, BS_LAST_PASS,
                      0, ch);
#endif
}

#if defined(Ax_P1) && !defined(Ax_P2)
/* Contract (bs_middle, bs_inverse_after_middle: fused past one group, M = Q0 x Q1)
 *   the passes of chapter 06 with hooks, M = Ax_N in two passes (Ax_P0, Ax_P1):
 *   work-items : bs_middle as pass 1 (Ax_P1's I x T per group), bs_inverse_after_middle
 *                as pass 0 (Ax_P0's)
 *   args       : as bs_forward_last
 *   bs_middle  : reads the forward's pass-0 output (rows of M), writes rows of M: the
 *                forward's last pass, *Bh, conj, and the inverse's first pass (Q1, p = 1)
 *                in one (PASS_HOOK_MIDDLE in kernels/08_pass_hooks.cl)
 *   bs_inverse_after_middle : the inverse's second pass (Q0, p = Q1): reads rows of M,
 *                writes y = the output, rows of N: c_k * conj(V_k) for k < N only
 *   host calls : bs_forward_first, bs_middle, bs_inverse_after_middle: 3 launches, where
 *                fused_passes takes 4 */
__kernel void bs_middle(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                        __global const real2_t *tw, __global const real2_t *ch,
                        __global const real2_t *bh, int batch)
{
    (void)ch;
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch, PASS_HOOK_MIDDLE, Ax_N, Ax_LB,
                      Ax_P1, 0, bh);
}

__kernel void bs_inverse_after_middle(__global const real2_t *x, __global real2_t *y,
                                      __local real2_t *u, __global const real2_t *tw,
                                      __global const real2_t *ch, __global const real2_t *bh,
                                      int batch)
{
    (void)bh;
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, batch,
                      PASS_CONJ_OUT | PASS_HOOK_STORE | BS_STORE_RESULT, Ax_N, Ax_LB,
                      BS_P_AS(Ax_P0, BS_Q_OF(Ax_P1)), 0, ch);
}
#endif
#endif /* FL_PASS_HOOKS */

/* ---------------------------------------------------------------- fused: one launch */

/* Rader's algorithm for a prime N (BS_RADER; the host picks it when N - 1 = L is 7-smooth,
 * an L-point FFT fits one group and Bluestein's M does not, chapters/08_bluestein/rader.c;
 * 4001 = L + 1 with L = 4000, M = 8192). With g a generator of the nonzero residues mod N,
 * write the inputs j = g^a and the outputs k = g^-h (a, h < L): the DFT's kernel
 * w^(jk) = w^(g^(a-h)) depends on h - a only, so
 *     X[g^-h] = x[0] + sum_a x[g^a] * w^(g^-(h-a)),   X[0] = sum_j x[j]
 * a cyclic convolution of length L, no padding, as two FFTs of L points with the same
 * middle step as Bluestein's (pass_middle_hook in kernels/08_fused_convolution.cl, here times gh = FFT_L(b) / L, b_e =
 * w^(g^-e), a host table). perm[a] = (g^a, g^-a) mod N as real_t (exact below 2^24).
 * X[0] = x[0] + FFT_L(u)[0]: the forward FFT's output 0 is the sum of all u_a. */

#if defined(BS_RADER) && defined(BS_ONE_PASS)
/* I x T of a pass's -D list (Q, P, I, T, 12 radices): the group rader_fused requires, so
 * that NVIDIA's compiler gives its items the registers a group of that size leaves them
 * (without it, those of a 1024-item group). */
#define BS_GROUP_OF(list) BS_GROUP_OF_(list)
#define BS_GROUP_OF_(q, p, i, t, a, b, c, d, e, f, g, h, k, l, m, n) ((i) * (t))

/* Contract (rader_fused: fused for a prime N whose L = N - 1 fits one work-group)
 *   work-items : 1-D, groups of exactly I*T items (Ax_P0's, Ax_N = L): T rows per group,
 *                I items per row; rows past the batch store nothing, but take part in the
 *                barriers
 *   args       : x (A: rows of N), y (B: rows of N), u local T*L*17/16 values, tw (the
 *                twiddles of L: lo, then hi at 2^Ax_LB), tw_inv (the same table again, for
 *                the inverse FFT: see fused_row), perm (L values: g^a, g^-a mod N), gh (L
 *                values: FFT_L(b) / L), batch
 *   reads      : x[row*N + n] for every n < N, once per row (x[row*N] by every item of
 *                the row); perm and gh
 *   writes     : y[row*N + k] for every k < N, once
 *   host calls : alone */
__kernel __attribute__((reqd_work_group_size(BS_GROUP_OF(Ax_P0), 1, 1)))
void rader_fused(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                          __global const real2_t *tw, __global const real2_t *tw_inv,
                          __global const real2_t *perm, __global const real2_t *gh, int batch)
{
    fused_row(x, y, u, tw + (1 << Ax_LB), tw, tw_inv + (1 << Ax_LB), tw_inv, perm, gh, batch,
              FUSED_RADER, BS_N, BS_N, 1, Ax_N, Ax_LB, Ax_P0);
}
#endif

#ifdef BS_ONE_PASS
/* Contract (bluestein_fused: fused, when M fits one work-group)
 *   work-items : 1-D, groups of I*T items (Ax_P0's I and T): T rows per group, I items
 *                per row; rows past the batch load zeros and store nothing, but take part
 *                in the barriers
 *   args       : x (A: rows of N), y (B: rows of N), u local T*M*17/16 values, tw (the
 *                twiddles of M: lo, then hi at 2^Ax_LB), tw_inv (the same table again, for
 *                the inverse FFT: see fused_row), ch (N values), bh (M values), batch
 *   reads      : x[row*N + j], ch[j] for j < N; bh[j] for j < M; each once per row
 *   writes     : y[row*N + k] for k < N, once: the whole transform, nothing in between
 *                goes to global memory
 *   host calls : alone (after chirp_table in --variant chirp_table) */
__kernel void bluestein_fused(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                              __global const real2_t *tw, __global const real2_t *tw_inv,
                              __global const real2_t *ch, __global const real2_t *bh, int batch)
{
    fused_row(x, y, u, tw + (1 << Ax_LB), tw, tw_inv + (1 << Ax_LB), tw_inv, ch, bh, batch,
              FUSED_BLUESTEIN, BS_N, BS_N, 1, Ax_N, Ax_LB, Ax_P0);
}
#endif
#endif /* Ax_P0 */
