/* GENERATED from solutions/02_radix2/twiddle_table.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 02_radix2/twiddle_table — the Stockham radix-2 pass with a twiddle table.
 *
 * Every pass of the chapter kernel (kernels/02_radix2.cl) calls sincos once per
 * butterfly: (N/2) log2 N calls per transform. All the twiddles of all passes are
 * powers of one root of unity, exp(sign*2*pi*i/N), so one table of N/2 values,
 * w[m] = exp(sign*2*pi*i*m/N), computed once by the host in double, serves every pass:
 * the twiddle exp(sign*i*pi*k/p) of pass p is one of its entries. The first pass needs
 * only w[0] = 1; the last needs all of w. Why it matters: on a CPU sincos costs far
 * more than the butterfly itself, so the table version spends its time moving data
 * instead; on a GPU the trade-off is closer (fast sincos hardware vs. an extra memory
 * read) and both forms are used.
 *
 * Contract (same launches and index map as fft_radix2, plus the table)
 *   work-items : global (n/2, batch), any local size dividing n/2; item (i, row) does
 *                one butterfly of transform `row`; k = i mod p, j = 2(i - k) + k
 *   table      : w[m] = exp(sign * 2*pi*i * m / n), m = 0 .. n/2 - 1, filled by the host
 *                (the direction's sign is in the table, so there is no sign parameter)
 *   reads      : x[row*n + i], x[row*n + i + n/2], and the one w[m] that equals
 *                exp(sign*i*pi*k/p) (which m that is, is the exercise)
 *   writes     : y[row*n + j] and y[row*n + j + p]
 *   host calls : p = 1, 2, 4, ..., n/2 in that order, swapping x and y after each pass;
 *                the last pass's y holds the result in natural order */
__kernel void fft_radix2_table(__global const real2_t *x, __global real2_t *y,
                               __global const real2_t *w, int p)
{
    const int half_n = get_global_size(0);        /* n/2 work-items per row */
    const int i = get_global_id(0);
    const size_t base = (size_t)get_global_id(1) * 2 * (size_t)half_n;

    const int k = i & (p - 1);                    /* position inside the length-p sub-DFT */
    const int j = 2 * (i - k) + k;                /* where the pair lands: j and j + p */

    real2_t a = x[base + i];
    real2_t b = x[base + i + half_n];

    // TODO(exercise): Read the twiddle exp(sign*i*pi*k/p) from w: write its angle as m * 2*pi/n (n = 2*half_n) and read w[m]. Keep every intermediate an exact integer.
    real2_t tw = (real2_t)(1, 0);    /* no twiddle: right only while k = 0 */
    b = cmul(b, tw);

    y[base + j] = a + b;
    y[base + j + p] = a - b;
}
