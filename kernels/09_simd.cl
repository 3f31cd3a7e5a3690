/* 09_real_input, --variant simd — the twist and its inverse, 8 pairs per work-item.
 *
 * The same arithmetic as rfft_post and irfft_pre in kernels/09_real_input.cl (see its
 * header: Z = the M-point FFT of the packed row, X the half spectrum, pairs (k, M - k)),
 * in chapter 06's CPU shape (kernels/06_simd.cl: cv = 8 complex values as a vector of
 * real parts and one of imaginary parts). A work-item takes 8 consecutive pairs
 * k0 .. k0+7: Z_k0 .. Z_k0+7 is one 16-wide load, and so are their mirrors
 * Z_(M-k0-7) .. Z_(M-k0), whose lanes run backwards; one reversal (a constant swizzle)
 * lines mirror l up with pair l. The twiddles w_N^k0 .. w_N^(k0+7) are one load from the
 * twist's table. Results are stored the same way: X_k0.. forwards, X_(M-k0-7).. reversed.
 * rfft_post and irfft_pre do one pair per work-item, two scalar complex loads and
 * stores each, which pocl's vectorizer turns into gathers and scatters.
 *
 * Blocks: pairs k = 1 .. M/2 of a row, ceil((M/2) / 8) blocks; block b starts at
 * k0 = min(1 + 8b, M/2 - 7), so the last one is shifted back and overlaps the one before
 * (those pairs are computed twice and the same values stored twice: z and X are different
 * buffers). Pair k = M/2 is its own mirror (both stores hit the same bin, equal values).
 * Pair 0 (DC and Nyquist, from Z_0 alone) is done by block 0's item as scalars.
 * Needs M/2 >= 8; the host takes this path only for M >= 64 (06's simd rows).
 *
 * Built after kernels/06_simd.cl (cv, cv_ld, cv_st, ...) and before 09_real_input.cl;
 * compiles to nothing without -D FFT_SIMD. -D RH_M (M) as for 09_real_input.cl.
 *
 * Notation: docs/notation.md (M = N/2 is its H, as in kernels/09_real_input.cl) */
#if defined(FFT_SIMD) && defined(RH_M)

#define RS_BLOCKS ((RH_M / 2 + SV_VL - 1) / SV_VL)   /* blocks of 8 pairs per row */

static SV_INLINE vreal rs_rev(vreal a) { return a.s76543210; }
static SV_INLINE cv rs_rev_cv(cv a) { return (cv){rs_rev(a.re), rs_rev(a.im)}; }
static SV_INLINE cv rs_conj(cv a) { return (cv){a.re, -a.im}; }

/* Contract (rfft_post_simd: R2C's twist, 8 pairs per item)
 *   work-items : 1-D, ROWS x RS_BLOCKS of them (the global size may be larger: the rest
 *                return), any group size; item g does block g mod RS_BLOCKS of row
 *                g / RS_BLOCKS
 *   args       : z (ROWS rows of M complex values), X (ROWS rows of M + 1), w (w_N^k,
 *                k = 0 .. M/2), ROWS: as rfft_post
 *   reads      : z[row*M + k] and z[row*M + M - k] for its 8 k (and z[row*M] in block 0)
 *   writes     : X[row*(M+1) + k] and X[row*(M+1) + M - k] for its 8 k (block 0: bins 0
 *                and M too); bins that overlapping blocks share, twice, equal
 *   host calls : as rfft_post, in its place. */
__kernel void rfft_post_simd(__global const real_t *z, __global real_t *X,
                             __global const real_t *w, int rows)
{
    const int M = RH_M;
    const size_t g = get_global_id(0);
    if (g >= (size_t)rows * RS_BLOCKS)
        return;
    const size_t row = g / RS_BLOCKS;
    const int b = (int)(g - row * RS_BLOCKS);
    const int k0 = min(1 + b * SV_VL, M / 2 - (SV_VL - 1));
    __global const real_t *zr = z + 2 * row * M;
    __global real_t *Xr = X + 2 * row * (M + 1);
    if (b == 0) { /* pair 0: X_0 = Re Z_0 + Im Z_0, X_M = Re Z_0 - Im Z_0, both real */
        const real_t re = zr[0], im = zr[1];
        Xr[0] = re + im;
        Xr[1] = 0;
        Xr[2 * M] = re - im;
        Xr[2 * M + 1] = 0;
    }
    const real_t h = (real_t)0.5;
    cv a = cv_ld(zr + 2 * k0);                                  /* Z_k            */
    cv bc = rs_conj(rs_rev_cv(cv_ld(zr + 2 * (M - k0 - 7))));  /* conj Z_(M-k)   */
    cv e = cv_scale(cv_add(a, bc), h);                       /* E_k            */
    cv o = cv_mmi(cv_scale(cv_sub(a, bc), h));               /* O_k = -i d     */
    cv wo = cv_mul(cv_ld(w + 2 * k0), o);                       /* w_N^k O_k      */
    cv_st(cv_add(e, wo), Xr + 2 * k0);                          /* X_k            */
    cv_st(rs_rev_cv(rs_conj(cv_sub(e, wo))), Xr + 2 * (M - k0 - 7)); /* X_(M-k)   */
}

/* Contract (irfft_pre_simd: C2R's inverse twist, 8 pairs per item)
 *   work-items : as rfft_post_simd
 *   args       : X (ROWS rows of M + 1: half spectra), z (ROWS rows of M), w, ROWS: as
 *                irfft_pre
 *   reads      : X[row*(M+1) + k] and X[row*(M+1) + M - k] for its 8 k (block 0: the
 *                real parts of bins 0 and M too)
 *   writes     : z[row*M + k] and z[row*M + M - k] for its 8 k, z[row*M] in block 0:
 *                every value 0 .. M-1 (shared ones twice, equal)
 *   host calls : as irfft_pre, in its place. */
__kernel void irfft_pre_simd(__global const real_t *X, __global real_t *z,
                             __global const real_t *w, int rows)
{
    const int M = RH_M;
    const size_t g = get_global_id(0);
    if (g >= (size_t)rows * RS_BLOCKS)
        return;
    const size_t row = g / RS_BLOCKS;
    const int b = (int)(g - row * RS_BLOCKS);
    const int k0 = min(1 + b * SV_VL, M / 2 - (SV_VL - 1));
    __global const real_t *Xr = X + 2 * row * (M + 1);
    __global real_t *zr = z + 2 * row * M;
    if (b == 0) { /* pair 0: only the real parts of X_0 and X_M count */
        const real_t x0 = Xr[0], xm = Xr[2 * M];
        zr[0] = x0 + xm;
        zr[1] = x0 - xm;
    }
    cv a = cv_ld(Xr + 2 * k0);                                  /* X_k            */
    cv bc = rs_conj(rs_rev_cv(cv_ld(Xr + 2 * (M - k0 - 7))));  /* conj X_(M-k)   */
    cv e = cv_add(a, bc);                                       /* 2 E_k          */
    cv o = cv_mul(rs_conj(cv_ld(w + 2 * k0)), cv_sub(a, bc));  /* 2 O_k          */
    cv_st(cv_add(e, cv_mi(o)), zr + 2 * k0);                    /* E + i O        */
    cv_st(rs_rev_cv(cv_add(rs_conj(e), cv_mi(rs_conj(o)))), zr + 2 * (M - k0 - 7));
}

#endif
