/* 05_register_radix — the building blocks: small DFTs in registers, and twiddles.
 *
 * Everything here works on values a work-item holds in its own private array, which the
 * compiler keeps in registers as long as every index is a constant once loops are
 * unrolled (a variable index would push the array out to slow per-item memory). The pass
 * kernels that use these blocks are in kernels/05_passes.cl, built in front of this file.
 *
 * All blocks compute the FORWARD transform, sign -1:
 *     X[k] = sum_j v[j] * w^(j*k),   w = exp(-2*pi*i / r),   in place, natural order.
 * The inverse is never computed separately: inverse(x) = conj(forward(conj(x))), so the
 * passes conjugate on the way in and on the way out (kernels/05_passes.cl). That keeps
 * the blocks free of a runtime sign and the twiddle table single.
 *
 * Idea: E. Bainville, "OpenCL Fast Fourier Transform" (2010), higher-radix kernels with
 * the operands in registers; G. Dal's thesis, sections 3.2.3-3.2.5 (radix-16 from
 * radix-4 blocks, precomputed twiddles).
 *
 * Notation: docs/notation.md */

/* v * (-i): a quarter turn clockwise, no multiplication needed. */
real2_t mul_minus_i(real2_t v)
{
    return (real2_t)(v.y, -v.x);
}

/* DFT of 2 values: the butterfly (a + b, a - b). */
void dft2(real2_t *v)
{
    real2_t a = v[0], b = v[1];
    v[0] = a + b;
    v[1] = a - b;
}

/* DFT of 4 values: two levels of dft2, the one twiddle w4 = -i is a swap. */
void dft4(real2_t *v)
{
    real2_t s02 = v[0] + v[2], d02 = v[0] - v[2];
    real2_t s13 = v[1] + v[3], d13 = mul_minus_i(v[1] - v[3]);
    v[0] = s02 + s13;
    v[2] = s02 - s13;
    v[1] = d02 + d13;
    v[3] = d02 - d13;
}

/* DFT of 8 values in place, natural order, forward:
 *     X[k] = sum_j v[j] * w8^(j*k),   w8 = exp(-2*pi*i/8),   k = 0..7 */
void dft8(real2_t *v)
{
    /* from two DFT4s (decimation in time): E = DFT4(v0, v2, v4, v6), O = DFT4(v1, v3, v5,
     * v7), X[k] = E[k] + w8^k O[k] and X[k+4] = E[k] - w8^k O[k] for k = 0..3, with
     * w8 = (1 - i)/sqrt(2): w8^1 and w8^3 cost a multiply by 1/sqrt(2), w8^2 = -i none */
    const real_t h = (real_t)0.70710678118654752440; /* 1/sqrt(2) */
    real2_t e[4] = {v[0], v[2], v[4], v[6]};
    real2_t o[4] = {v[1], v[3], v[5], v[7]};
    dft4(e);
    dft4(o);
    o[1] = (real2_t)(h * (o[1].x + o[1].y), h * (o[1].y - o[1].x)); /* * (1 - i)/sqrt 2  */
    o[2] = mul_minus_i(o[2]);                                        /* * -i              */
    o[3] = (real2_t)(h * (o[3].y - o[3].x), -h * (o[3].x + o[3].y)); /* * (-1 - i)/sqrt 2 */
    for (int k = 0; k < 4; k++) {
        v[k] = e[k] + o[k];
        v[k + 4] = e[k] - o[k];
    }
}

/* DFT of 16 values as 4 x 4 (G. Dal's thesis, 3.2.4): four DFT4s down the columns
 * n2 = 0..3 (inputs n2, n2+4, n2+8, n2+12), twiddles w16^(n2*k1), then four DFT4s across.
 *     X[k1 + 4*k2] = sum_n2 w4^(n2*k2) * w16^(n2*k1) * (DFT4 of column n2)[k1] */
void dft16(real2_t *v)
{
    /* w16^1..3 and w16^6, w16^9 as (cos, -sin) pairs; others are -i or products. */
    const real_t c1 = (real_t)0.92387953251128675613, s1 = (real_t)0.38268343236508977173;
    const real_t h = (real_t)0.70710678118654752440;
    real2_t a[4][4];
    for (int n2 = 0; n2 < 4; n2++) {
        for (int n1 = 0; n1 < 4; n1++)
            a[n2][n1] = v[n2 + 4 * n1];
        dft4(a[n2]);
    }
    /* column n2, entry k1 gets w16^(n2*k1); w16^m = exp(-2*pi*i*m/16) */
    a[1][1] = cmul(a[1][1], (real2_t)(c1, -s1));  /* w^1 */
    a[1][2] = cmul(a[1][2], (real2_t)(h, -h));    /* w^2 */
    a[1][3] = cmul(a[1][3], (real2_t)(s1, -c1));  /* w^3 */
    a[2][1] = cmul(a[2][1], (real2_t)(h, -h));    /* w^2 */
    a[2][2] = mul_minus_i(a[2][2]);               /* w^4 */
    a[2][3] = cmul(a[2][3], (real2_t)(-h, -h));   /* w^6 */
    a[3][1] = cmul(a[3][1], (real2_t)(s1, -c1));  /* w^3 */
    a[3][2] = cmul(a[3][2], (real2_t)(-h, -h));   /* w^6 */
    a[3][3] = cmul(a[3][3], (real2_t)(-c1, s1));  /* w^9 */
    for (int k1 = 0; k1 < 4; k1++) {
        real2_t b[4] = {a[0][k1], a[1][k1], a[2][k1], a[3][k1]};
        dft4(b);
        for (int k2 = 0; k2 < 4; k2++)
            v[k1 + 4 * k2] = b[k2];
    }
}

/* The exercise dft32 (exercises/05_register_radix/dft32.cl, --variant dft32) goes here: the
 * chapter itself has no radix 32 (kernels/05_passes.cl builds its fft_r32_table kernel
 * only for that exercise). */
#ifndef FL_EXERCISE_DFT32
#endif

/* ---------------------------------------------------------------- twiddles
 * A pass needs w_M^a = exp(-2*pi*i * a / M) for 0 <= a < M, M a power of two <= N.
 * Three ways to get it, chosen by the kernel name (kernels/05_passes.cl):
 *   sincos  compute it each time with full-precision sincos
 *   table   look it up: w_N^x = hi[x >> lo_bits] * lo[x & (2^lo_bits - 1)], two small
 *           tables the host fills in double precision (x = a * N/M)
 *   native  native_sin / native_cos: fast hardware approximations, less accurate;
 *           taught, not graded (the chapter widens its bound for it)
 * The names TWIDDLE_SINCOS/TABLE/NATIVE come from kernels/05_passes.cl, built in front. */

/* The angle of w_M^a, taken in [-pi, pi) where sin and cos are most accurate:
 * a > M/2 is the same root as a - M. */
real_t twiddle_angle(int a, int log2M)
{
    int M = 1 << log2M;
    int r = a > M / 2 ? a - M : a;
    return (real_t)(-2.0 * FFTLAB_PI) * ((real_t)r / (real_t)M);
}

/* The exercise twiddle_table (exercises/05_register_radix/twiddle_table.cl, a lookup in
 * three levels, twiddle_lookup3) takes the place of this block in its runs. */
#ifndef FL_EXERCISE_TWIDDLE_TABLE
/* w_N^x from the two-level table: x = hi_index * 2^lo_bits + lo_index, and
 * w^(a + b) = w^a * w^b, so one small table per half of x's bits is enough:
 *     hi[y] = w_N^(y * 2^lo_bits),  lo[z] = w_N^z. */
real2_t twiddle_lookup(int x, __global const real2_t *hi, __global const real2_t *lo, int lo_bits)
{
    return cmul(hi[x >> lo_bits], lo[x & ((1 << lo_bits) - 1)]);
}
#endif

/* w_M^a, forward sign, by strategy MODE (a compile-time constant in every caller). */
real2_t twiddle(int mode, int a, int log2M, int log2n, __global const real2_t *hi,
                __global const real2_t *lo, int lo_bits)
{
#ifdef FL_EXERCISE_TWIDDLE_TABLE
    /* the exercise's three levels, one table of 3 x 2^lo_bits values (main.c fills it) */
    if (mode == TWIDDLE_TABLE)
        return twiddle_lookup3(a << (log2n - log2M), lo, lo_bits);
#else
    if (mode == TWIDDLE_TABLE)
        return twiddle_lookup(a << (log2n - log2M), hi, lo, lo_bits);
#endif
    real_t angle = twiddle_angle(a, log2M);
#ifndef FFTLAB_DOUBLE
    if (mode == TWIDDLE_NATIVE)
        return (real2_t)(native_cos(angle), native_sin(angle));
#endif
    return cexpi(angle);
}
