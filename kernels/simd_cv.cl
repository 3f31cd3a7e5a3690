/* simd_cv.cl — planar complex vectors for the CPU ("simd") variants of 05 to 09.
 *
 * A work-item of those variants does VL neighbouring columns at once, every complex value
 * held planar: one vector of VL real parts and one of VL imaginary parts (cv). A complex
 * add is then two vector adds whatever pocl's work-item vectorizer does (05's README, "On
 * a CPU: the SIMD register as the warp"). This file has the type, its loads and stores,
 * its arithmetic and the small power-of-two DFTs; kernels/05_simd.cl (05) and
 * kernels/06_simd.cl (06, and through it 07-09) build on it. VL = FFT_SIMD_VL, 8 unless
 * the host says 16 (05's FFTLAB_SIMD_VL experiment; 06-09 take 8). Like those files it
 * compiles to nothing without -D FFT_SIMD, so it sits in their chapters' every program.
 *
 * Notation: docs/notation.md */
#ifdef FFT_SIMD

#ifndef FFT_SIMD_VL
#define FFT_SIMD_VL 8
#endif

#define SV_INLINE __attribute__((always_inline))

/* vreal: VL reals, one per lane. */
#if FFT_SIMD_VL == 8 && defined(FFTLAB_DOUBLE)
typedef double8 vreal;
#define vload_vreal vload8
#elif FFT_SIMD_VL == 8
typedef float8 vreal;
#define vload_vreal vload8
#elif FFT_SIMD_VL == 16 && defined(FFTLAB_DOUBLE)
typedef double16 vreal;
#define vload_vreal vload16
#elif FFT_SIMD_VL == 16
typedef float16 vreal;
#define vload_vreal vload16
#else
#error "FFT_SIMD_VL must be 8 or 16"
#endif

/* VL complex values, planar: lane l is re.s<l> + i*im.s<l>. */
typedef struct {
    vreal re, im;
} cv;

/* VL consecutive complex values at P (interleaved re, im) into planar vectors, and back:
 * .even / .odd of one 16-wide load split 8 of them, two loads 16. */
static SV_INLINE cv cv_ld(__global const real_t *p)
{
#if FFT_SIMD_VL == 8
#ifdef FFTLAB_DOUBLE
    double16 a = vload16(0, p);
#else
    float16 a = vload16(0, p);
#endif
    return (cv){a.even, a.odd};
#else
    vreal a = vload16(0, p), b = vload16(1, p);
    return (cv){(vreal)(a.even, b.even), (vreal)(a.odd, b.odd)};
#endif
}

static SV_INLINE void cv_st(cv v, __global real_t *p)
{
#if FFT_SIMD_VL == 8
#ifdef FFTLAB_DOUBLE
    double16 a;
#else
    float16 a;
#endif
    a.even = v.re;
    a.odd = v.im;
    vstore16(a, 0, p);
#else
    vreal a, b;
    a.even = v.re.lo;
    a.odd = v.im.lo;
    b.even = v.re.hi;
    b.odd = v.im.hi;
    vstore16(a, 0, p);
    vstore16(b, 1, p);
#endif
}

static SV_INLINE cv cv_add(cv a, cv b) { return (cv){a.re + b.re, a.im + b.im}; }
static SV_INLINE cv cv_sub(cv a, cv b) { return (cv){a.re - b.re, a.im - b.im}; }
/* a * (-i) and a * i: a swap and a sign, no multiplication */
static SV_INLINE cv cv_mmi(cv a) { return (cv){a.im, -a.re}; }
static SV_INLINE cv cv_mi(cv a) { return (cv){-a.im, a.re}; }
static SV_INLINE cv cv_neg(cv a) { return (cv){-a.re, -a.im}; }
/* lane by lane complex product */
static SV_INLINE cv cv_mul(cv a, cv b)
{
    return (cv){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
/* a * (c + i s), c and s the same in every lane */
static SV_INLINE cv cv_mulk(cv a, real_t c, real_t s)
{
    return (cv){a.re * c - a.im * s, a.re * s + a.im * c};
}
static SV_INLINE cv cv_scale(cv a, real_t c) { return (cv){a.re * c, a.im * c}; }

#define SV_SQRT1_2 ((real_t)0.70710678118654752440)

/* ---------------------------------------------------------------- the small blocks
 * Forward DFTs of r = 2, 4, 8 values in place, natural order, every lane its own column
 * (the blocks of kernels/05_register_radix.cl, on cv instead of real2_t). */
static SV_INLINE void sv_dft2(cv *v)
{
    cv a = v[0], b = v[1];
    v[0] = cv_add(a, b);
    v[1] = cv_sub(a, b);
}

static SV_INLINE void sv_dft4(cv *v)
{
    cv s02 = cv_add(v[0], v[2]), d02 = cv_sub(v[0], v[2]);
    cv s13 = cv_add(v[1], v[3]), d13 = cv_mmi(cv_sub(v[1], v[3]));
    v[0] = cv_add(s02, s13);
    v[2] = cv_sub(s02, s13);
    v[1] = cv_add(d02, d13);
    v[3] = cv_sub(d02, d13);
}

/* 8 = two DFT4s (even and odd values) and w8^k on the odd half: w8 = (1 - i)/sqrt 2,
 * w8^2 = -i, w8^3 = -i * w8 — two multiplies at most, no table. */
static SV_INLINE void sv_dft8(cv *v)
{
    cv e[4] = {v[0], v[2], v[4], v[6]};
    cv o[4] = {v[1], v[3], v[5], v[7]};
    sv_dft4(e);
    sv_dft4(o);
    cv w1 = {(o[1].re + o[1].im) * SV_SQRT1_2, (o[1].im - o[1].re) * SV_SQRT1_2};
    o[1] = w1;
    o[2] = cv_mmi(o[2]);
    cv w3 = {(o[3].re + o[3].im) * SV_SQRT1_2, (o[3].im - o[3].re) * SV_SQRT1_2};
    o[3] = cv_mmi(w3);
    #pragma unroll
    for (int k = 0; k < 4; k++) {
        v[k] = cv_add(e[k], o[k]);
        v[k + 4] = cv_sub(e[k], o[k]);
    }
}

#endif /* FFT_SIMD */
