/* 11_convolution — y = x (*) h as a pointwise product between FFTs on a grid M:
 *     y = IFFT_M( FFT_M(x zero-padded to M) . Hh ) cut to the output,  Hh = FFT_M(h) / M
 * (circular: M = N, no pad, no cut; linear: M >= N + K - 1 on every axis, the output the
 * first N + K - 1). Hh is a table the host computes once per plan, in double, with the
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
 *   work-items : 2-D, (DY*DX rounded up to the group size, batch), groups of (256, 1) (or
 *                the device's most: conv_stream_items); item (e, b) does element e of array
 *                b of the output
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
 *   work-items : 2-D, (M rounded up to the group size, batch), groups of (256, 1) (or the
 *                device's most: conv_stream_items); item (j, b): row b of the batch is
 *                dimension 1, so no item divides, and neighbouring items touch neighbouring
 *                values: a streaming kernel, like the copy kernel
 *   args       : z (batch grids of M values: FFT_M(x) on entry), hs (M values: Hh), m
 *   reads, writes: z[b*M + j] = z[b*M + j] * hs[j], in place, every element once
 *   host calls : between the forward passes and the inverse ones */
__kernel void conv_product(__global real2_t *z, __global const real2_t *hs, int m)
{
    const int j = get_global_id(0);
    const size_t b = get_global_id(1);
    if (j < m)
        z[b * (size_t)m + j] = cmul(z[b * (size_t)m + j], hs[j]);
}

/* ---------------------------------------------------------------- fused */

#ifndef CONV_NX
#error "CONV_NX is not defined: build through the harness (chapters/11_convolution/main.c)"
#endif

#ifdef FL_PASS_HOOKS
#define CONV_STORE_RESULT 16 /* pass_store_hook in the last inverse pass (else the last forward) */

/* The first forward pass reads x[e] for e < NX and 0 past it: the zero-padded copy of
 * unfused's conv_box never exists. */
real2_t pass_load_hook(__global const real2_t *x, size_t row, int e, __global const real2_t *tab,
                       int flags)
{
    (void)tab;
    (void)flags;
    return e < CONV_NX ? x[row * CONV_NX + e] : (real2_t)(0, 0);
}

/* The last forward pass stores Z_e = V_e * H_e/M (rows of M; row r's spectrum row r mod
 * CONV_MID_ROWS); the last inverse pass stores y_e for e < NY only, into the output's rows
 * of NY (VALUE is already conjugated by PASS_CONJ_OUT). */
void pass_store_hook(__global real2_t *y, size_t row, int e, real2_t value, __global const real2_t *tab,
                     int flags)
{
    if (!(flags & CONV_STORE_RESULT))
        y[row * Ax_N + e] = cmul(value, tab[PASS_MIDDLE_ROW_AT(row, Ax_N) + e]);
    else if (e < CONV_NY)
        y[row * CONV_NY + e] = value;
}
#endif

#ifdef Ax_P0
#if defined(Ax_P3)
#define CONV_LAST_PASS Ax_P3
#elif defined(Ax_P2)
#define CONV_LAST_PASS Ax_P2
#elif defined(Ax_P1)
#define CONV_LAST_PASS Ax_P1
#else
#define CONV_LAST_PASS Ax_P0
#define CONV_ONE_PASS 1
#endif

#ifdef CONV_ONE_PASS
/* Contract (conv_fused: fused, a row of the grid in one work-group)
 *   work-items : 1-D, groups of I*T items (Ax_P0's): T rows per group, I items per row;
 *                rows past LINES load zeros and store nothing, but take part in the barriers
 *   args       : x (rows of CONV_NX), y (rows of CONV_NY), u local T*M*17/16 values, tw
 *                (the twiddles of M: lo, then hi at 2^Ax_LB), tw_inv (the same table again,
 *                for the inverse FFT: see fused_row's step 5), hs (CONV_MID_ROWS rows of M:
 *                Hh), lines (the rows: 1-D the batch, 2-D batch x My)
 *   reads      : x[r*NX + j] for j < NX, hs[(r mod CONV_MID_ROWS)*M + j]; each once per row
 *   writes     : y[r*NY + k] for k < NY, once: conj(FFT_M(conj(FFT_M(x) . Hh))), the
 *                forward and inverse FFT of the row with the product between, nothing in
 *                between in global memory
 *   host calls : 1-D alone; 2-D between the column passes forward and inverse */
__kernel void conv_fused(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                         __global const real2_t *tw, __global const real2_t *tw_inv,
                         __global const real2_t *hs, int lines)
{
    fused_row(x, y, u, tw + (1 << Ax_LB), tw, tw_inv + (1 << Ax_LB), tw_inv, hs, hs, lines,
              FUSED_CONV, CONV_NX, CONV_NY, CONV_MID_ROWS, Ax_N, Ax_LB, Ax_P0);
}
#endif

#ifdef FL_PASS_HOOKS
#if CONV_ROWS_LAST
/* the row passes end the plan: conj out, and the cut to NY */
#define CONV_RESULT_FLAGS (PASS_CONJ_OUT | PASS_HOOK_STORE | CONV_STORE_RESULT)
#else
/* columns follow (2-D): a plain store of whole rows of M */
#define CONV_RESULT_FLAGS 0
#endif

#ifndef CONV_ONE_PASS
/* Contract (conv_forward_first, conv_forward_last, conv_inverse_last: rows of M in
 *   three passes or more; conv_forward_first also before conv_middle)
 *   the pass of chapter 06 (mixed_pass, see fft_mixed_p<n> in kernels/06_passes.cl) for
 *   rows of M = Ax_N points, pass 0 (first) or the plan's last (Ax_P<last>), with hooks:
 *   work-items : 1-D, groups of I*T items of that pass, as fft_rows_x_p<n>
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (the twiddles of M), hs (Hh),
 *                lines
 *   conv_forward_first : (1-D) reads x = the input, rows of NX, as x[e] (0 for e >= NX);
 *                writes y, rows of M
 *   conv_forward_last  : reads rows of M, writes FFT_M(x) . Hh, rows of M
 *   conv_inverse_last  : reads rows of M, writes y = the output: rows of NY, conj(V_k) for
 *                k < NY (CONV_ROWS_LAST; else whole rows of M, not conjugated)
 *   host calls : conv_forward_first, fft_rows_x_p1 .. (flags 0), conv_forward_last; then
 *                fft_rows_x_p0 (flags PASS_CONJ_IN), fft_rows_x_p1 .. (flags 0),
 *                conv_inverse_last; each from one buffer to the next */
__kernel void conv_forward_first(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                                 __global const real2_t *tw, __global const real2_t *hs, int lines)
{
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, lines, PASS_HOOK_LOAD, Ax_N, Ax_LB, Ax_P0,
                      0, hs);
}

__kernel void conv_forward_last(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                                __global const real2_t *tw, __global const real2_t *hs, int lines)
{
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, lines, PASS_HOOK_STORE, Ax_N, Ax_LB,
                      CONV_LAST_PASS, 0, hs);
}

__kernel void conv_inverse_last(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                                __global const real2_t *tw, __global const real2_t *hs, int lines)
{
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, lines, CONV_RESULT_FLAGS, Ax_N, Ax_LB,
                      CONV_LAST_PASS, 0, hs);
}
#endif

#if defined(Ax_P1) && !defined(Ax_P2)
/* Contract (conv_middle, conv_inverse_after_middle: rows of M = Q0 x Q1 in two passes)
 *   the passes of chapter 06 with hooks (as 08's bs_middle, bs_inverse_after_middle):
 *   work-items : conv_middle as pass 1 (Ax_P1's I x T per group),
 *                conv_inverse_after_middle as pass 0 (Ax_P0's)
 *   args       : as conv_forward_last
 *   conv_middle: reads the forward's pass-0 output (rows of M), writes rows of M: the
 *                forward's last pass, the product with Hh, conj, and the inverse's first
 *                pass (Q1, p = 1) in one (PASS_HOOK_MIDDLE in kernels/08_pass_hooks.cl)
 *   conv_inverse_after_middle : the inverse's second pass (Q0, p = Q1): reads rows of M,
 *                writes as conv_inverse_last
 *   host calls : conv_forward_first (1-D; 2-D: fft_rows_x_p0), conv_middle,
 *                conv_inverse_after_middle: 3 launches, where the unfused plan takes 5 */
__kernel void conv_middle(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                          __global const real2_t *tw, __global const real2_t *hs, int lines)
{
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, lines, PASS_HOOK_MIDDLE, Ax_N, Ax_LB, Ax_P1,
                      0, hs);
}

__kernel void conv_inverse_after_middle(__global const real2_t *x, __global real2_t *y,
                                        __local real2_t *u, __global const real2_t *tw,
                                        __global const real2_t *hs, int lines)
{
    mixed_pass_hooked(x, y, u, tw + (1 << Ax_LB), tw, lines, CONV_RESULT_FLAGS, Ax_N, Ax_LB,
                      BS_P_AS(Ax_P0, BS_Q_OF(Ax_P1)), 0, hs);
}
#endif
#endif /* FL_PASS_HOOKS */
#endif /* Ax_P0 */
