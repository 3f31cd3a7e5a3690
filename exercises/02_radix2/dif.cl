/* GENERATED from solutions/02_radix2/dif.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 02_radix2/dif — decimation in frequency, Stockham self-sorting.
 *
 * The chapter kernel is decimation in time (Cooley-Tukey): twiddle the second input,
 * then butterfly. Decimation in frequency (Gentleman-Sande) does the butterfly first
 * and twiddles the difference on its way out. Here the data movement is left exactly as
 * in the chapter — same launches, same reads x[i] and x[i + n/2], same writes y[j] and
 * y[j + p] — and only the arithmetic moves to the other side of the butterfly. That is
 * the lesson: DIT and DIF are the same graph of butterflies with the twiddles on the
 * other edge, and the Stockham index map sorts the output either way.
 *
 * Why the twiddle is exp(sign*2*pi*i*(i-k)/n): pass p is one Gentleman-Sande step of
 * length L = n/p applied to the p interleaved sequences x[k], x[k+p], x[k+2p], ...
 * Work-item i = q*p + k holds element q of sequence k (a = x[i]) and element q + L/2
 * (b = x[i + n/2]). The step outputs a + b and (a - b) * exp(sign*2*pi*i*q/L), and
 * q/L = q*p/n = (i-k)/n. Its two outputs become element q of two sequences of length
 * L/2 (sums first, differences second) that the next pass, with 2p interleaved
 * sequences, transforms on; writing them to j = 2qp + k and j + p puts them where that
 * pass reads them and leaves the last pass's output in natural order.
 *
 * Contract (same launches and index map as fft_radix2)
 *   work-items : global (n/2, batch), any local size dividing n/2; item (i, row) does
 *                one butterfly of transform `row`; k = i mod p, j = 2(i - k) + k
 *   reads      : x[row*n + i] and x[row*n + i + n/2]
 *   writes     : y[row*n + j] = a + b,
 *                y[row*n + j + p] = (a - b) * exp(sign*2*pi*i * (i - k) / n)
 *   host calls : p = 1, 2, 4, ..., n/2 in that order, swapping x and y after each pass;
 *                the last pass's y holds the result in natural order */
__kernel void fft_radix2_dif(__global const real2_t *x, __global real2_t *y, int p, int sign)
{
    const int half_n = get_global_size(0);        /* n/2 */
    const int i = get_global_id(0);
    const size_t base = (size_t)get_global_id(1) * 2 * (size_t)half_n;

    const int k = i & (p - 1);
    const int j = 2 * (i - k) + k;

    const real2_t a = x[base + i];
    const real2_t b = x[base + i + half_n];

    // TODO(exercise): The twiddle exp(sign*2*pi*i*(i-k)/n) for the difference (n = 2*half_n; i - k < n/2, so the angle stays in [0, pi]).
    real2_t tw = (real2_t)(1, 0);

    // TODO(exercise): Butterfly first, twiddle after: y[j] gets the sum, y[j + p] the twiddled difference.
    /* nothing written yet: y keeps the NaN the harness filled it with */
}
