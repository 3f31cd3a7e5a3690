/* 01_dft — the DFT straight from its definition, one work-item per output bin.
 *
 *   for (k = 0; k < n; k++) {            // one work-item per k
 *       y[k] = 0;
 *       for (j = 0; j < n; j++)
 *           y[k] += x[j] * exp(sign * 2*pi*i * j*k / n);
 *   }
 *
 * O(n^2) work for any n (not only powers of two). The angle 2*pi*j*k/n is periodic
 * in j*k with period n, so we keep m = (j*k) mod n in an integer and only ever take
 * sin/cos of an angle in [0, 2*pi). The rounding error of a floating-point angle is
 * proportional to its size, and 2*pi*j*k/n grows to about 2*pi*n: without the reduction
 * every twiddle's error grows with n — see dft_unreduced and the lesson.
 *
 * Notation: docs/notation.md */

/* Contract
 *   work-items : global (n, batch), any local size; item (k, row) computes y[row*n + k]
 *   reads      : x[row*n + 0 .. row*n + n-1] (the whole row)
 *   writes     : y[row*n + k], exactly once
 *   host calls : once per transform; x and y are different buffers */
__kernel void dft(__global const real2_t *x, __global real2_t *y, int n, int sign)
{
    int k = get_global_id(0);
    int row = get_global_id(1);
    x += (size_t)row * n;

    /* angle(m) = sign * 2*pi * m / n, with m = j*k mod n updated by adding k. */
    const real_t step = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)n;
    real2_t sum = (real2_t)(0, 0);
    int m = 0;
    for (int j = 0; j < n; j++) {
        sum += cmul(x[j], cexpi(step * (real_t)m));
        m += k;
        if (m >= n)
            m -= n;
    }
    y[(size_t)row * n + k] = sum;
}

/* The same sum with the angle formed from j*k in floating point, not reduced mod n.
 * Kept to measure why the reduction matters (--variant unreduced): in single precision
 * it already fails the accuracy bound at n = 8, and by 16384 it is 100x over. Same
 * contract as dft. */
__kernel void dft_unreduced(__global const real2_t *x, __global real2_t *y, int n, int sign)
{
    int k = get_global_id(0);
    int row = get_global_id(1);
    x += (size_t)row * n;

    const real_t step = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)n;
    real2_t sum = (real2_t)(0, 0);
    for (int j = 0; j < n; j++)
        sum += cmul(x[j], cexpi(step * ((real_t)j * (real_t)k)));
    y[(size_t)row * n + k] = sum;
}

/* --variant table_probe builds this file with exercise twiddle_table's dft_table in the
 * block below (empty otherwise: the exercise's own runs build its file alone); the probe's
 * fl_scatter_bins is in fftlab.clh. */
#ifndef FL_EXERCISE_TABLE_PROBE
#endif
