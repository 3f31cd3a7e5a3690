/* 09_real_input — real input: the twist that turns a half-length complex FFT into the
 * spectrum of N reals (R2C), and its inverse (C2R).
 *
 * A row of N reals x_0 .. x_(N-1) (N even) has a Hermitian spectrum, X_(N-k) = conj X_k,
 * so X_0 .. X_(N/2) say everything: N/2 + 1 complex values (FFTW's r2c layout,
 * numpy.fft.rfft's). Write M = N/2 (the notation page's H; the kernels keep the name M,
 * -D RH_M) and read the row as M complex values
 *     z_j = x_(2j) + i x_(2j+1),   j = 0 .. M-1
 * (nothing moves: N reals in memory ARE M complex values). The host's plan does the
 * M-point complex FFT of every such row with chapter 06's passes (through
 * kernels/07_multidim.cl, planned by common/fft/axis_plan.c), Z = DFT_M(z), and then this
 * file's rfft_post. With E = DFT_M(x_even) and O = DFT_M(x_odd), Z_k = E_k + i O_k and,
 * because E and O are spectra of real rows, conj Z_(M-k) = E_k - i O_k (indices mod M):
 *     E_k = (Z_k + conj Z_(M-k)) / 2,   O_k = -i (Z_k - conj Z_(M-k)) / 2
 *     X_k = E_k + w_N^k O_k,   k = 0 .. M          (w_N = exp(-2 pi i / N))
 * the last step of a radix-2 FFT (decimation in time). One work-item does the pair
 * (k, M - k): both need the same two loads, and
 *     X_(M-k) = conj(E_k - w_N^k O_k)
 * (w_N^(M-k) = -conj w_N^k), so one twiddle serves both.
 *
 * C2R runs the other way: irfft_pre recovers E_k and O_k from X_k and conj X_(M-k),
 *     E_k = X_k + conj X_(M-k),   O_k = conj(w_N^k) (X_k - conj X_(M-k))
 * (twice the values above: the M-point inverse FFT then gives N x, FFTW's unnormalized
 * c2r), writes Z_k = E_k + i O_k, and the host runs the inverse M-point FFT; its result,
 * read as 2M reals, is the row. The imaginary parts of X_0 and X_M are ignored (a real
 * row's are 0; FFTW's c2r and numpy.fft.irfft drop them too).
 *
 * 2-D and 3-D arrays (numpy.fft.rfftn's layout, the last axis halved): the rows along x
 * as above, the twist writes rows of M + 1 values into the other buffer, then the y and z
 * axes of the (..., M + 1) array by 07's column passes. C2R: the inverse y and z passes
 * first, then irfft_pre, then the inverse M-point rows.
 *
 * Built after kernels/06_passes.cl (and the 06_*.cl files after it), 05_register_radix.cl,
 * 06_mixed_radix.cl and 07_multidim.cl (the passes; cmul comes from fftlab.clh), and after
 * the twist moved into the passes (lesson 09, "Going further"), which call this file's
 * twists: kernels/09_fused_rows.cl (--variant fused, rows in one pass),
 * 09_paired_pass.cl (--variant fused, rows in several passes) and 09_column_pairs.cl
 * (--variant column_pairs); --kernels FILE replaces this file only. -D constants from the host (the .c files of chapters/09_real_input):
 *     RH_M        M = N/2, complex values per packed row (N = the real rows' length)
 *     RH_PAIRS    M/2 + 1: the pairs (k, M - k), k = 0 .. M/2, one work-item each
 *     RH_OS       the fused rows' half spectrum: rows of M + 1 bins RH_OS apart (default
 *                 M + 1; 3-D pads them, see padded_addresses in 07_multidim.cl)
 * The twiddles w_N^k, k = 0 .. M/2, come from a table the host computes in double.
 *
 * Sources: the packing of two real sequences into one complex FFT and the "two for one"
 * split are classic (Cooley, Lewis and Welch, 1970; Numerical Recipes, 12.3 "FFT of real
 * functions"); FFTW's r2c/c2r layout; the one-work-item-per-pair arrangement is this
 * tutorial's.
 *
 * Notation: docs/notation.md */

#ifndef RH_M
#error "RH_M is not defined: build through the harness (chapters/09_real_input/main.c passes -D RH_M=...)"
#endif
#ifndef RH_OS
#define RH_OS (RH_M + 1)
#endif

static INLINE real2_t rh_conj(real2_t a)
{
    return (real2_t)(a.x, -a.y);
}

/* Exercise 09_real_input/post_twist (--variant post_twist, exercises/09_real_input/
 * post_twist.cl): the student's post_twist_pair is built here, in place of this block, for
 * another packing than the chapter's: the rows read conjugated, z'_j = x_(2j) - i x_(2j+1)
 * (the host's conj_packing), so its A and B are values of Z' = DFT_H(z'), not of Z. */
#ifndef FL_EXERCISE_POST_TWIST
/* The chapter's twist is the one below: it takes Z, not Z', and fails the exercise. */
#endif

/* The twist of one pair: from A = Z_k, B = Z_((M-k) mod M) and W = w_N^k, the bins
 * *XK = X_k and *XMK = X_(M-k) (rfft_post, the fused and the paired row passes call it).
 * It writes H, the notation page's letter, for this file's M. Not built with the
 * exercise, whose post_twist_pair takes its place. */
#if !defined(FL_EXERCISE_POST_TWIST)
static INLINE void post_twist_pair(real2_t a, real2_t b, real2_t w, real2_t *xk, real2_t *xmk)
{
    const real2_t bc = rh_conj(b);                /* conj Z_(H-k) */
    const real2_t e = (a + bc) * (real_t)0.5;      /* E_k: the even samples' spectrum */
    const real2_t d = (a - bc) * (real_t)0.5;      /* i O_k */
    const real2_t wo = cmul(w, (real2_t)(d.y, -d.x)); /* w_N^k O_k, O_k = -i d */
    *xk = e + wo;
    *xmk = rh_conj(e - wo);
}
#endif

/* The twist undone for one pair: from A = X_k, B = X_(M-k) and W = w_N^k, *ZK = Z_k and
 * *ZMK = Z_(M-k), times 2. At k = 0 (the pair DC, Nyquist) the imaginary parts of A and
 * B are dropped: a real row's are 0, and FFTW's c2r and numpy's irfft ignore them. */
static INLINE void pre_twist_pair(real2_t a, real2_t b, real2_t w, int k, real2_t *zk, real2_t *zmk)
{
    b = rh_conj(b);
    if (k == 0) {
        a.y = 0;
        b.y = 0;
    }
    const real2_t e = a + b;                      /* 2 E_k */
    const real2_t o = cmul(rh_conj(w), a - b);    /* 2 O_k */
    *zk = e + (real2_t)(-o.y, o.x);               /* E_k + i O_k */
    *zmk = rh_conj(e) + (real2_t)(o.y, o.x);      /* conj E_k + i conj O_k */
}

/* Contract (rfft_post: R2C's post-processing twist)
 *   work-items : 1-D, any group size; item g does pair k = g mod RH_PAIRS of row
 *                g / RH_PAIRS; items past ROWS x RH_PAIRS do nothing
 *   args       : z (ROWS rows of RH_M complex values: the M-point FFTs of the packed
 *                rows), X (ROWS rows of RH_M + 1: the half spectra), w (w_N^k for
 *                k = 0 .. RH_M/2, N = 2 RH_M), ROWS (the batch x the outer axes' points)
 *   reads      : z[row*M + k] and z[row*M + (M - k) mod M], once each per item (the pair
 *                k = M/2 reads the same value twice)
 *   writes     : X[row*(M+1) + k] and X[row*(M+1) + M - k], every bin 0 .. M once (at
 *                k = M/2 both are the same bin, with the same value)
 *   host calls : after the M-point passes along x; then the passes of the outer axes on
 *                the (..., M + 1) array. z and X are different buffers. */
__kernel void rfft_post(__global const real2_t *z, __global real2_t *X, __global const real2_t *w,
                        int rows)
{
    const int M = RH_M;
    const size_t g = get_global_id(0);
    if (g >= (size_t)rows * RH_PAIRS)
        return;
    const size_t row = g / RH_PAIRS;
    const int k = (int)(g - row * RH_PAIRS);
    __global const real2_t *zr = z + row * M;
    __global real2_t *Xr = X + row * (M + 1);
    real2_t xk, xmk;
#ifdef FL_EXERCISE_POST_TWIST
    if (M == 1) { /* the exercise's packing, conjugated: no pass ran to conjugate it */
        xk = rh_conj(zr[0]);
        post_twist_pair(xk, xk, w[0], &xk, &xmk);
        Xr[0] = xk;
        Xr[1] = xmk;
        return;
    }
#endif
    post_twist_pair(zr[k], zr[k ? M - k : 0], w[k], &xk, &xmk); /* Z_M is Z_0 */
    Xr[k] = xk;
    Xr[M - k] = xmk;
}

/* Contract (irfft_pre: C2R's pre-processing, the twist undone)
 *   work-items : as rfft_post
 *   args       : X (ROWS rows of RH_M + 1 values: half spectra), z (ROWS rows of RH_M),
 *                w (as rfft_post), ROWS
 *   reads      : X[row*(M+1) + k] and X[row*(M+1) + M - k] (the imaginary parts of bins
 *                0 and M are not used)
 *   writes     : z[row*M + k], and z[row*M + M - k] for k > 0: every value 0 .. M-1 once
 *                (twice, equal, at k = M/2)
 *   host calls : after the inverse passes of the outer axes (on the (..., M + 1) array),
 *                before the inverse M-point passes along x, whose result read as 2M reals
 *                per row is N times the real rows (unnormalized, as FFTW's c2r). */
__kernel void irfft_pre(__global const real2_t *X, __global real2_t *z, __global const real2_t *w,
                        int rows)
{
    const int M = RH_M;
    const size_t g = get_global_id(0);
    if (g >= (size_t)rows * RH_PAIRS)
        return;
    const size_t row = g / RH_PAIRS;
    const int k = (int)(g - row * RH_PAIRS);
    __global const real2_t *Xr = X + row * (M + 1);
    __global real2_t *zr = z + row * M;
    real2_t zk, zmk;
    pre_twist_pair(Xr[k], Xr[M - k], w[k], k, &zk, &zmk);
    zr[k] = zk;
    if (k > 0)
        zr[M - k] = zmk;
}
