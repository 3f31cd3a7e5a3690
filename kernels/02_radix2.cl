/* 02_radix2 — radix-2 FFT, one launch per pass, out of place (Stockham autosort).
 *
 * After the pass with parameter p, each block of 2p consecutive outputs holds a finished
 * DFT of length 2p. Pass p combines two length-p DFTs, Y0 (from the first half of the
 * input buffer) and Y1 (from the second half), into one of length 2p:
 *
 *     out[k]     = Y0[k] + w^k Y1[k]      w = exp(sign * i*pi / p),  k = 0 .. p-1
 *     out[k + p] = Y0[k] - w^k Y1[k]
 *
 * Index map for work-item i (0 <= i < n/2), with k = i mod p:
 *
 *     input   i          (block (i-k)/p of the first half,  element k)
 *     input   i + n/2    (same block of the second half,     element k)
 *     output  j = 2(i-k) + k  and  j + p    ("insert a 0 bit at position log2 p")
 *
 *     n = 8, p = 2:   i = 0 1 2 3      reads x[i], x[i+4]
 *                     k = 0 1 0 1      writes y[j], y[j+2]
 *                     j = 0 1 4 5
 *
 * Reads are always consecutive across work-items; writes are consecutive in runs of p,
 * so the first passes write with stride. No bit reversal is needed: the output of the
 * last pass (p = n/2) is in natural order. Idea and index map after E. Bainville,
 * "OpenCL Fast Fourier Transform" (2010).
 *
 * Notation: docs/notation.md */

/* Contract
 *   work-items : global (n/2, batch), any local size dividing n/2; item (i, row) does one
 *                butterfly of row `row`
 *   reads      : x[row*n + i] and x[row*n + i + n/2]
 *   writes     : y[row*n + j] and y[row*n + j + p], j = 2(i - k) + k, k = i mod p
 *   host calls : p = 1, 2, 4, ..., n/2 in that order, swapping x and y after each pass
 *                (log2 n launches; the result is in y of the last launch) */
__kernel void fft_radix2(__global const real2_t *x, __global real2_t *y, int p, int sign)
{
    int half_n = get_global_size(0);        /* n/2 */
    int i = get_global_id(0);
    size_t row = (size_t)get_global_id(1) * 2 * half_n;

    int k = i & (p - 1);                    /* i mod p: position inside the sub-DFT */
    int j = ((i - k) << 1) + k;

    real2_t a = x[row + i];
    real2_t b = x[row + i + half_n];
    /* The twiddle w^k = exp(sign*i*pi*k/p): angle computed fresh from k, never by a
     * recurrence, so its error does not grow with the pass count. */
    b = cmul(b, cexpi((real_t)(sign * FFTLAB_PI) * (real_t)k / (real_t)p));

    y[row + j] = a + b;
    y[row + j + p] = a - b;
}

/* --variant table_probe builds this file with exercise twiddle_table's fft_radix2_table
 * in the block below (empty otherwise: the exercise's own runs build its file alone); the
 * probe's fl_scatter_bins is in fftlab.clh. */
#ifndef FL_EXERCISE_TABLE_PROBE
#endif
