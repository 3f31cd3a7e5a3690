/* 11_convolution — y = x (*) h as a pointwise product between FFTs on a grid M:
 *     y = IFFT_M( FFT_M(x zero-padded to M) . H ) cut to the output,  H = FFT_M(h) / M
 * (circular: M = N, no pad, no cut; linear: M >= N + K - 1 on every axis, the output the
 * first N + K - 1). H is a table the host computes once per plan, in double, with the
 * inverse's 1/M in it (chapters/11_convolution/setup.c); the inverse FFT is
 * conj(FFT(conj Z)), as in 05-08.
 *
 * The FFTs are the passes of chapters 06 and 07 (kernels/06_passes.cl, 07_multidim.cl:
 * fft_rows_<a>_p<n>, fft_cols_<a>_p<n>, built in front of this file with the -D constants of
 * common/fft/axis_plan.c for the grid M). This file adds what surrounds them:
 *   unfused   conv_box (the pad into the grid, the cut out of it) and conv_product
 *   fused     (next) the product inside the passes
 *
 * Notation: docs/notation.md */

/* Contract (conv_box: a pad or a cut, unfused)
 *   work-items : 2-D, (DY*DX rounded up to the group size, batch); item (e, b) does element
 *                e of array b of the output
 *   args       : x (batch arrays of SY x SX), y (batch arrays of DY x DX), sy, sx, dy, dx
 *                (1-D: sy = dy = 1)
 *   reads      : x[b][r][c] for r < min(SY, DY), c < min(SX, DX), once
 *   writes     : y[b][r][c] = x[b][r][c] where the arrays overlap, 0 elsewhere: every
 *                element of y once
 *   host calls : first (the pad: x into the grid M) and last (the cut: y out of it) */
__kernel void conv_box(__global const real2_t *x, __global real2_t *y, int sy, int sx, int dy,
                       int dx)
{
    const int e = get_global_id(0);
    const size_t b = get_global_id(1);
    if (e >= dy * dx)
        return;
    const int r = e / dx, c = e % dx;
    y[b * (size_t)(dy * dx) + e] = r < sy && c < sx ? x[b * (size_t)(sy * sx) + r * sx + c]
                                                     : (real2_t)(0, 0);
}

/* Contract (conv_product: the product, unfused)
 *   work-items : 2-D, (M rounded up to the group size, batch); item (j, b)
 *   args       : z (batch grids of M values: FFT_M(x) on entry), hs (M values: H / M), m
 *   reads, writes: z[b*M + j] = z[b*M + j] * hs[j], in place, every element once
 *   host calls : between the forward passes and the inverse ones */
__kernel void conv_product(__global real2_t *z, __global const real2_t *hs, int m)
{
    const int j = get_global_id(0);
    const size_t b = get_global_id(1);
    if (j < m)
        z[b * (size_t)m + j] = cmul(z[b * (size_t)m + j], hs[j]);
}
