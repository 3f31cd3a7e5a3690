/* Exercise 02_radix2/dif — decimation in frequency, Stockham self-sorting.
 *
 * The chapter kernel is decimation in time (Cooley-Tukey): it twiddles the second input,
 * then does the butterfly. Decimation in frequency (Gentleman-Sande) does the butterfly
 * first and twiddles the difference on its way out. The data movement stays exactly as
 * in the chapter (same launches, same reads x[i] and x[i + n/2], same writes y[j] and
 * y[j + p]); only the arithmetic moves to the other side of the butterfly.
 *
 * One Gentleman-Sande step of length L takes a sequence u[0 .. L-1] to the two
 * half-length sequences
 *     s[q] = u[q] + u[q + L/2]   and   d[q] = (u[q] - u[q + L/2]) * exp(sign*2*pi*i*q/L),
 * q = 0 .. L/2 - 1, whose DFTs are the even and the odd bins of u's DFT. Pass p applies
 * such a step, with L = n/p, to each of the p interleaved sequences x[k], x[k+p],
 * x[k+2p], ... (k < p) at once.
 *
 * Contract (the same launches and index map as the chapter's fft_radix2)
 *   work-items : global (n/2, batch), any local size dividing n/2; item (i, row) does
 *                one butterfly of transform `row`; k = i mod p, j = 2(i - k) + k
 *   reads      : a = x[row*n + i] and b = x[row*n + i + n/2]
 *   writes     : y[row*n + j] = a + b, and y[row*n + j + p] = (a - b) times the twiddle
 *                that the Gentleman-Sande step above gives this item
 *   host calls : p = 1, 2, 4, ..., n/2 in that order, swapping x and y after each pass;
 *                the last pass's y holds the result in natural order
 *
 * Yours to work out: that twiddle's exponent, in terms of i, k and n. Hints, one step at
 * a time: exercises/02_radix2/README.md. */
__kernel void fft_radix2_dif(__global const real2_t *x, __global real2_t *y, int p, int sign)
{
    const int half_n = get_global_size(0);        /* n/2 */
    const int i = get_global_id(0);
    const size_t base = (size_t)get_global_id(1) * 2 * (size_t)half_n;

    const int k = i & (p - 1);
    const int j = 2 * (i - k) + k;

    const real2_t a = x[base + i];
    const real2_t b = x[base + i + half_n];

    //@exercise begin: tw: the Gentleman-Sande twiddle of this item's difference (its exponent is yours to derive).
    //@stub real2_t tw = (real2_t)(1, 0);
    real2_t tw = cexpi((real_t)(sign * FFTLAB_PI) * (real_t)(i - k) / (real_t)half_n);
    //@exercise end

    //@exercise begin: Butterfly first, twiddle after: write the sum and the twiddled difference.
    //@stub /* nothing written yet: y keeps the NaN the harness filled it with */
    y[base + j] = a + b;
    y[base + j + p] = cmul(a - b, tw);
    //@exercise end
}
