/* 11_convolution — real data (--real, or a float32 --input): y = x (*) h for real x and h
 * through chapter 09's R2C and C2R (kernels/09_real_input.cl's twist, 06's and 07's passes;
 * planned by common/fft/real_plan.c): pad the reals into the grid M, R2C, the product on
 * the half spectrum (My x (Mx/2 + 1) values: the chapter's conv_product), C2R, cut. Half
 * the transform work of the complex plan, on half the data. This file adds the pad and the
 * cut of real values (conv_box's for real_t; chapters/11_convolution/real.c). */

/* Contract (conv_box_real: a pad or a cut of reals)
 *   work-items : 2-D, (DY*DX rounded up to the group size, batch); item (e, b) does element
 *                e of array b of the output
 *   args       : x (batch arrays of SY x SX reals), y (batch arrays of DY x DX reals), sy,
 *                sx, dy, dx (1-D: sy = dy = 1)
 *   writes     : y[b][r][c] = x[b][r][c] where the arrays overlap, 0 elsewhere: every
 *                element of y once
 *   host calls : first (x into the grid M) and last (y out of it) */
__kernel void conv_box_real(__global const real_t *x, __global real_t *y, int sy, int sx, int dy,
                            int dx)
{
    const int e = get_global_id(0);
    const size_t b = get_global_id(1);
    if (e >= dy * dx)
        return;
    const int r = e / dx, c = e % dx;
    y[b * (size_t)(dy * dx) + e] = r < sy && c < sx ? x[b * (size_t)(sy * sx) + r * sx + c] : 0;
}
