/* 06_mixed_radix — the new building blocks (DFTs of 3, 5, 7, 9 = 3 x 3 and 10 = 2 x 5
 * points), and the three-block pipeline of ARM's mixed-radix article (digit-reverse,
 * twiddle, radix-r).
 *
 * A program of this chapter is built from, in this order: kernels/fftlab.clh (real_t,
 * cmul, ...), kernels/06_passes.cl (the fast Stockham passes, which call the blocks),
 * kernels/05_register_radix.cl (dft2, dft4, dft8, dft16, mul_minus_i, twiddle_lookup),
 * kernels/simd_cv.cl and kernels/06_simd.cl (empty without -D FFT_SIMD), then this file.
 * --kernels FILE replaces this file only. The exercises (dft6, digit_reverse) are built
 * into this file at their #ifndef FL_EXERCISE_... blocks below; neither is in the chapter.
 *
 * Every block is the FORWARD transform of r values in place, natural order:
 *     X[k] = sum_j v[j] * w^(j*k),   w = exp(-2*pi*i / r).
 * For a prime r the DFT matrix is symmetric in j <-> r - j, because w^(r-j) = conj(w^j):
 * pair the inputs, p_j = v[j] + v[r-j] and m_j = v[j] - v[r-j] (j = 1 .. (r-1)/2), then
 *     X[k]     = v[0] + sum_j cos(2 pi jk/r) p_j  -  i sum_j sin(2 pi jk/r) m_j
 *     X[r - k] = v[0] + sum_j cos(2 pi jk/r) p_j  +  i sum_j sin(2 pi jk/r) m_j
 * so each pair of outputs costs one real sum of cosines and one of sines, with constants
 * only (chapter README, "The blocks for 3, 5 and 7"; the pairing is the one ARM's
 * article draws as a matrix for radix 5 and 7).
 *
 * The cosines and sines that occur, ca = cos(2 pi a/r) and sa = sin(2 pi a/r), a = jk mod r:
 *   r = 3:  a = 1: -1/2, sqrt(3)/2
 *   r = 5:  a = 1: (sqrt 5 - 1)/4 = 0.309..., 0.951...;  a = 2: -(sqrt 5 + 1)/4, 0.587...
 *   r = 7:  a = 1: 0.623..., 0.781...;  a = 2: -0.222..., 0.974...;  a = 3: -0.900..., 0.433...
 * (20 digits below, from bc -l; real_t rounds them to float or double.)
 *
 * Notation: docs/notation.md */

/* DFT of 3 values: X0 = a + s, X1,2 = a - s/2 -/+ i (sqrt 3 / 2) d,  s = v1 + v2, d = v1 - v2. */
void dft3(real2_t *v)
{
    const real_t c = (real_t)0.86602540378443864676; /* sin(2 pi/3) = sqrt(3)/2 */
    real2_t s = v[1] + v[2];
    real2_t d = mul_minus_i(c * (v[1] - v[2]));      /* -i sin(2 pi/3) d */
    real2_t a = v[0] - (real_t)0.5 * s;              /* v0 + cos(2 pi/3) s */
    v[0] = v[0] + s;
    v[1] = a + d;
    v[2] = a - d;
}

/* Exercise 06_mixed_radix/dft6 (--variant dft6, exercises/06_mixed_radix/dft6.cl): the
 * student's dft6(real2_t *v), a DFT of 6 values from two dft3s, is built here, after dft3.
 * The passes call it through dft_r (kernels/06_passes.cl declares it under FL_RADIX6, which
 * the host sets for that variant only). */
#ifndef FL_EXERCISE_DFT6
/* The chapter does not solve it: its planner never takes radix 6. */
#endif
#ifdef FL_EXERCISE_DFT6
/* Built only with the dft6 exercise: it makes the build need the student's dft6 at every
 * size, also where no pass takes radix 6 (N = 1, 2), so a file without one passes no case.
 * Never launched. */
__kernel void exercise_needs_dft6(__global real2_t *x)
{
    real2_t v[6];
    for (int i = 0; i < 6; i++)
        v[i] = x[i];
    dft6(v);
    for (int i = 0; i < 6; i++)
        x[i] = v[i];
}
#endif

/* DFT of 5 values. With the pair sums p1 = v1 + v4, p2 = v2 + v3, the differences
 * m1 = v1 - v4, m2 = v2 - v3, and the constants ca = cos(2 pi a/5), sa = sin(2 pi a/5):
 *     X1, X4 = v0 + c1 p1 + c2 p2  -/+  i (s1 m1 + s2 m2)
 *     X2, X3 = v0 + c2 p1 + c1 p2  -/+  i (s2 m1 - s1 m2)      (4 = -1 mod 5: s4 = -s1) */
void dft5(real2_t *v)
{
    const real_t c1 = (real_t)0.30901699437494742410, s1 = (real_t)0.95105651629515357212;
    const real_t c2 = (real_t)-0.80901699437494742410, s2 = (real_t)0.58778525229247312917;
    real2_t p1 = v[1] + v[4], m1 = v[1] - v[4];
    real2_t p2 = v[2] + v[3], m2 = v[2] - v[3];
    real2_t a1 = v[0] + c1 * p1 + c2 * p2;
    real2_t a2 = v[0] + c2 * p1 + c1 * p2;
    real2_t b1 = mul_minus_i(s1 * m1 + s2 * m2);
    real2_t b2 = mul_minus_i(s2 * m1 - s1 * m2);
    v[0] = v[0] + p1 + p2;
    v[1] = a1 + b1;
    v[4] = a1 - b1;
    v[2] = a2 + b2;
    v[3] = a2 - b2;
}

/* DFT of 10 values as 2 x 5 with no twiddles between them (Good-Thomas: 2 and 5 are
 * coprime). Input n = (5 n1 + 2 n2) mod 10 and output k = (5 k1 + 6 k2) mod 10 give
 * w_10^(nk) = w_2^(n1 k1) w_5^(n2 k2), so: two dft5 of the inputs 0,2,4,6,8 and
 * 5,7,9,1,3, then five dft2 across them, whose outputs land at 6 k2 and 6 k2 + 5 (mod 10).
 * One radix-10 stage does the work of a radix-2 and a radix-5 stage with one exchange
 * through local memory and one set of twiddles fewer (README "A radix-10 block"). */
void dft10(real2_t *v)
{
    real2_t a[5] = {v[0], v[2], v[4], v[6], v[8]};
    real2_t b[5] = {v[5], v[7], v[9], v[1], v[3]};
    dft5(a);
    dft5(b);
    v[0] = a[0] + b[0];
    v[5] = a[0] - b[0];
    v[6] = a[1] + b[1];
    v[1] = a[1] - b[1];
    v[2] = a[2] + b[2];
    v[7] = a[2] - b[2];
    v[8] = a[3] + b[3];
    v[3] = a[3] - b[3];
    v[4] = a[4] + b[4];
    v[9] = a[4] - b[4];
}

/* DFT of 7 values, the same way with three pairs. The angle of input pair j in output k
 * is 2 pi a/7 with a = jk mod 7, and a and 7 - a share the cosine and flip the sine:
 *     k = 1: a = 1, 2, 3      k = 2: a = 2, 4 = -3, 6 = -1      k = 3: a = 3, 6 = -1, 9 = 2 */
void dft7(real2_t *v)
{
    const real_t c1 = (real_t)0.62348980185873353053, s1 = (real_t)0.78183148246802980871;
    const real_t c2 = (real_t)-0.22252093395631440429, s2 = (real_t)0.97492791218182360702;
    const real_t c3 = (real_t)-0.90096886790241912624, s3 = (real_t)0.43388373911755812048;
    real2_t p1 = v[1] + v[6], m1 = v[1] - v[6];
    real2_t p2 = v[2] + v[5], m2 = v[2] - v[5];
    real2_t p3 = v[3] + v[4], m3 = v[3] - v[4];
    real2_t a1 = v[0] + c1 * p1 + c2 * p2 + c3 * p3;
    real2_t a2 = v[0] + c2 * p1 + c3 * p2 + c1 * p3;
    real2_t a3 = v[0] + c3 * p1 + c1 * p2 + c2 * p3;
    real2_t b1 = mul_minus_i(s1 * m1 + s2 * m2 + s3 * m3);
    real2_t b2 = mul_minus_i(s2 * m1 - s3 * m2 - s1 * m3);
    real2_t b3 = mul_minus_i(s3 * m1 - s1 * m2 + s2 * m3);
    v[0] = v[0] + p1 + p2 + p3;
    v[1] = a1 + b1;
    v[6] = a1 - b1;
    v[2] = a2 + b2;
    v[5] = a2 - b2;
    v[3] = a3 + b3;
    v[4] = a3 - b3;
}

/* DFT of 9 values as 3 x 3 (Cooley-Tukey, 3 and 3 share a factor so the twiddles stay):
 * input n = 3 n1 + n2 and output k = k1 + 3 k2 give
 *     X[k1 + 3 k2] = sum_n2 w_3^(n2 k2) [ w_9^(n2 k1) sum_n1 v[3 n1 + n2] w_3^(n1 k1) ]
 * so: three dft3 down the columns n2 (inputs n2, n2 + 3, n2 + 6), four twiddles w_9^(n2 k1)
 * (w_9, w_9^2, w_9^2, w_9^4), three dft3 across them. One radix-9 stage does two radix-3
 * stages' work with one exchange through local memory fewer (README "A radix-9 block").
 * w_9^a = cos(2 pi a/9) - i sin(2 pi a/9), a = 1, 2, 4 (bc -l). */
void dft9(real2_t *v)
{
    const real2_t w1 = (real2_t)((real_t)0.76604444311897803520, (real_t)-0.64278760968653932631);
    const real2_t w2 = (real2_t)((real_t)0.17364817766693034887, (real_t)-0.98480775301220805936);
    const real2_t w4 = (real2_t)((real_t)-0.93969262078590838404, (real_t)-0.34202014332566873307);
    real2_t a[3] = {v[0], v[3], v[6]};
    real2_t b[3] = {v[1], v[4], v[7]};
    real2_t c[3] = {v[2], v[5], v[8]};
    dft3(a);
    dft3(b);
    dft3(c);
    b[1] = cmul(b[1], w1);
    b[2] = cmul(b[2], w2);
    c[1] = cmul(c[1], w2);
    c[2] = cmul(c[2], w4);
    real2_t t0[3] = {a[0], b[0], c[0]};
    real2_t t1[3] = {a[1], b[1], c[1]};
    real2_t t2[3] = {a[2], b[2], c[2]};
    dft3(t0);
    dft3(t1);
    dft3(t2);
    v[0] = t0[0];
    v[3] = t0[1];
    v[6] = t0[2];
    v[1] = t1[0];
    v[4] = t1[1];
    v[7] = t1[2];
    v[2] = t2[0];
    v[5] = t2[1];
    v[8] = t2[2];
}

/* ---------------------------------------------------------------- three blocks
 * --variant three_blocks: ARM's pipeline, one kernel per block, in place after the first.
 * The stages have radices r_0, r_1, ... (N = their product); a stage of radix r has the
 * span p, the product of the radices before it (1 for the first). ARM's article writes Nx
 * for p, Ny for r and Ni for p*r; the code's arguments are span and radix:
 *   1. digit_reverse      y[e] = x[idx(e)]: the input in digit-reversed order, once
 *   2. twiddle_stage      y[e] *= w_(p*r)^(k*m), k = e mod p, m = (e / p) mod r
 *                         (every stage but the first, where p = 1 and the twiddle is 1)
 *   3. radix_<r>          DFT_r of y[e0 + m*p], m < r, e0 = (t mod p) + (t / p) * p*r,
 *                         one butterfly t per work-item
 * Three launches per stage over all the data, each reading and writing it once: correct,
 * and slow on purpose (the lesson compares it with the Stockham passes). */

/* An entry of the digit-reverse table: the harness's tables hold complex real_t, and a
 * float holds integers exactly only below 2^24, so an index i < 2^26 is stored as
 * (i mod 4096, i / 4096). */
#define DIGIT_TABLE_SPLIT 4096

/* Contract (digit_reverse)
 *   work-items : 2-D, (N rounded up to the group size) x batch, groups of the host's
 *                size x 1; items e >= N do nothing
 *   args       : x, y (distinct), idx (N entries, the permutation: host-computed, see
 *                fl_digit_reverse in common/fft/radix_plan.h), n (= N), flags
 *   reads      : x[row*N + idx(e)]
 *   writes     : y[row*N + e], every e < N, once
 *   host calls : first, once per transform; flags & 1 conjugates what it reads (inverse) */
__kernel void digit_reverse(__global const real2_t *x, __global real2_t *y,
                            __global const real2_t *idx, int n, int flags)
{
    int m = get_global_id(0);
    size_t row = get_global_id(1) * (size_t)n;
    if (m >= n)
        return;
    real2_t e = idx[m];
    int from = (int)e.x + DIGIT_TABLE_SPLIT * (int)e.y;
    real2_t a = x[row + from];
    if (flags & 1)
        a.y = -a.y;
    y[row + m] = a;
}

#ifdef FL_DIGIT_REVERSE_INDEX
/* --variant digit_reverse (an exercise): the same reordering without the table, and the
 * other way round: item j reads one input element, x[j] (neighbouring items read
 * neighbouring addresses), and sends it to the output position that digit_reverse's gather
 * would fill with it, digit_reverse_target(j, ...), which the exercise file defines. The
 * host passes the stages' radices instead of a table. */
int digit_reverse_target(int j, __global const real2_t *radices, int nstages, int n);

/* Exercise 06_mixed_radix/digit_reverse (exercises/06_mixed_radix/digit_reverse.cl): the
 * student's digit_reverse_target is built here, before the kernel that calls it. */
#ifndef FL_EXERCISE_DIGIT_REVERSE
/* The chapter does not solve it: three_blocks gathers through the host's table
 * (digit_reverse). */
#endif

/* Contract (digit_reverse_computed)
 *   work-items : as digit_reverse
 *   args       : x, y (distinct), radices (nstages values, r_s in .x: the stages in the
 *                order they run), nstages, n (= N), flags
 *   reads      : x[row*N + j], every j < N, once
 *   writes     : y[row*N + digit_reverse_target(j, ...)]; a target outside 0 .. N-1 is not
 *                written (that output keeps the harness's NaN poison, and the check fails)
 *   host calls : first, once per transform; flags & 1 conjugates what it reads (inverse) */
__kernel void digit_reverse_computed(__global const real2_t *x, __global real2_t *y,
                                     __global const real2_t *radices, int nstages, int n,
                                     int flags)
{
    int j = get_global_id(0);
    size_t row = get_global_id(1) * (size_t)n;
    if (j >= n)
        return;
    int to = digit_reverse_target(j, radices, nstages, n);
    if (to < 0 || to >= n)
        return;
    real2_t a = x[row + j];
    if (flags & 1)
        a.y = -a.y;
    y[row + to] = a;
}
#endif

/* w_M^a = exp(-2 pi i a / M) with a taken into (-M/2, M/2], where sin and cos are most
 * accurate. */
real2_t root_of_unity(int a, int M)
{
    int r = a > M / 2 ? a - M : a;
    return cexpi((real_t)(-2.0 * FFTLAB_PI) * ((real_t)r / (real_t)M));
}

/* Contract (twiddle_stage)
 *   work-items : 2-D, (N rounded up to the group size) x batch, groups of the host's
 *                size x 1
 *   args       : y (in place), n (= N), span = p, radix = r of the stage that follows
 *   reads      : y[row*N + e]        writes: the same element, times w_(p*r)^(k*m),
 *                k = e mod p, m = (e / p) mod r
 *   host calls : before radix_<r> of every stage but the first */
__kernel void twiddle_stage(__global real2_t *y, int n, int span, int radix)
{
    int m = get_global_id(0);
    size_t row = get_global_id(1) * (size_t)n;
    if (m >= n)
        return;
    int nx = m % span, ky = (m / span) % radix;
    y[row + m] = cmul(y[row + m], root_of_unity(nx * ky, span * radix));
}

/* Contract (radix_<r>, r = 2, 3, 4, 5, 7, 8, 10, 16: the macro's S)
 *   work-items : 2-D, (N/r rounded up to the group size) x batch, groups of the host's
 *                size x 1; item t does butterfly t, items t >= N/r nothing
 *   args       : y (in place), n (= N), span = p (product of the earlier stages' radices),
 *                flags
 *   reads      : y[row*N + e0 + m*p], m < r, e0 = (t mod p) + (t / p) * p * r
 *   writes     : the same r elements, their DFT_r
 *   host calls : after digit_reverse, stage by stage with p = 1, r_0, r_0 r_1, ...;
 *                flags & 2 on the last stage conjugates what it writes (inverse) */
#define RADIX_KERNEL(S)                                                                    \
    __kernel void radix_##S(__global real2_t *y, int n, int span, int flags)               \
    {                                                                                      \
        int kx = get_global_id(0);                                                         \
        if (kx >= n / S)                                                                   \
            return;                                                                        \
        __global real2_t *base = y + get_global_id(1) * (size_t)n + (kx % span)            \
                                 + (kx / span) * span * S;                                 \
        real2_t v[S];                                                                      \
        for (int m = 0; m < S; m++)                                                        \
            v[m] = base[m * span];                                                         \
        dft##S(v);                                                                         \
        for (int m = 0; m < S; m++) {                                                      \
            if (flags & 2)                                                                 \
                v[m].y = -v[m].y;                                                          \
            base[m * span] = v[m];                                                         \
        }                                                                                  \
    }

RADIX_KERNEL(2)
RADIX_KERNEL(3)
RADIX_KERNEL(4)
RADIX_KERNEL(5)
RADIX_KERNEL(7)
RADIX_KERNEL(8)
RADIX_KERNEL(10)
RADIX_KERNEL(16)
