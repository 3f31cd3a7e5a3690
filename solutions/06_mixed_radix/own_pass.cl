/* Exercise 06_mixed_radix/own_pass — your own Stockham pass, from a blank file.
 *
 * What you write: the kernel own_pass, one radix-r stage of a self-sorting (Stockham) FFT,
 * for r = 2, 3, 4 and 5, twiddles included. The harness cuts N = 2^a 3^b 5^c (up to 2^20)
 * into radices, 4s before a 2, then the 3s, then the 5s (1000 = 4 x 2 x 5 x 5 x 5: see
 * --explain), and launches your kernel once per radix, from buffer A to B, then B to A.
 *
 * The contract (keep the name and the parameter list as they are):
 *
 *     __kernel void own_pass(OWN_PASS_PARAMS)
 *
 *   OWN_PASS_PARAMS   the input x and the output y (two buffers you never name), then
 *         int N       points per row (a row is one transform of the batch)
 *         int r       this launch's radix: 2, 3, 4 or 5
 *         int L       the product of the radices already done (1 at the first launch)
 *         int sign    -1 forward, +1 inverse: the roots are exp(sign * 2 pi i / m)
 *   LOAD(i)           value i of this work-item's row of x, 0 <= i < N (a real2_t)
 *   STORE(i, v)       value i of this work-item's row of y becomes v
 *   work-items        global size (N / r, batch), any group size: get_global_id(0) is
 *                     yours, get_global_id(1) the row (LOAD and STORE add its offset)
 *   each launch       LOADs every i of the row once and STOREs every i once: N / r items,
 *                     r values each (the grader counts, --variant own_pass_once)
 *
 * The layout between launches (docs/notation.md's letters: L the span done, k < L):
 *   before a launch, x[a L + k] (0 <= a < N/L) holds bin k of the L-point DFT of the
 *   sub-sequence  input[a + (N/L) n], n = 0 .. L-1;
 *   after it, y holds the same with rL in place of L.
 * At L = 1 that is the input itself; after the last launch (rL = N) it is the transform,
 * in order. No reordering pass: that is what self-sorting means.
 *
 * Yours to derive: which r values one work-item reads so that they make one radix-r
 * butterfly of this stage (and neighbouring items read neighbouring addresses), the
 * twiddle each one is multiplied by, and where the r results go.
 *
 * Rules the build checks (a broken one is exit 2, naming the line): the file reaches the
 * buffers through LOAD and STORE only, so it never spells __global, global or ##, nor a
 * reserved name own_..._; it uses no name of the library's functions (dft2 .. dft16,
 * twiddle, stage, ...): write your own. What you may use: real_t, real2_t (float, float2;
 * double, double2 with --precision double), cmul(a, b) the complex product, cexpi(t) =
 * (cos t, sin t), FFTLAB_PI, and OpenCL C's built-ins. Your helpers go in this file.
 *
 * Run:    ./build/06_mixed_radix --pass-kernel FILE --size 8        (same as
 *         --variant own_pass --exercise FILE), then --size 15, 1000 --explain,
 *         60 --inverse --batch 3, --variant own_pass_once (the count)
 * Grade:  make grade EX=06_mixed_radix/own_pass
 * The plain host program that runs one pass with nothing but OpenCL: docs/plain-host.md.
 * ------------------------------------------------------------------------------------- */
//@exercise begin: own_pass: one radix-r butterfly per work-item, its twiddles, the Stockham indices
//@stub __kernel void own_pass(OWN_PASS_PARAMS)
//@stub {
//@stub }

/* V[0..r) becomes its r-point DFT in place, X[q] = sum_t V[t] exp(sign 2 pi i t q / r):
 * r <= 5, so the r^2 products of the definition are cheap and clear. */
void my_small_dft(real2_t *v, int r, int sign)
{
    real2_t out[5];
    for (int q = 0; q < r; q++) {
        real2_t acc = (real2_t)(0, 0);
        for (int t = 0; t < r; t++)
            acc += cmul(v[t], cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) * (real_t)(t * q % r) / (real_t)r));
        out[q] = acc;
    }
    for (int q = 0; q < r; q++)
        v[q] = out[q];
}

__kernel void own_pass(OWN_PASS_PARAMS)
{
    const int j = get_global_id(0); /* 0 .. N/r - 1: one butterfly */
    const int k = j % L;            /* the bin of the L-point DFTs it combines */
    const int m = N / r;            /* the r inputs are m apart: item j reads j, j + m, ... */
    real2_t v[5];
    /* input t is bin k of sub-sequence a + t (N/(rL)), a = j / L: twiddle w_(rL)^(t k) */
    for (int t = 0; t < r; t++)
        v[t] = cmul(LOAD(j + t * m),
                    cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) * (real_t)(t * k) / (real_t)(r * L)));
    my_small_dft(v, r, sign);
    /* output q is bin k + q L of the rL-point DFT of sub-sequence a: y[a rL + k + q L] */
    const int base = (j - k) * r + k;
    for (int q = 0; q < r; q++)
        STORE(base + q * L, v[q]);
}
//@exercise end
