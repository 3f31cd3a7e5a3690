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
 * The layout between launches (the transform of the row being X, w_m = exp(sign 2 pi i / m)):
 *   before a launch, x[s (N/L) + e], 0 <= s < L, 0 <= e < N/L, is value e of the
 *   sequence of N/L points whose (N/L)-point DFT is the bins  X[s + L f], f = 0 .. N/L-1;
 *   after it, y holds the same with rL in place of L (the grader checks it: --variant
 *   own_pass_layout runs your launches but the last, then the last stage from this layout).
 * At L = 1 that is the input itself (s = 0, the whole row); after the last launch (rL = N)
 * y[s] is X[s]: the transform, in order, with no reordering pass. This is a self-sorting
 * (Stockham) pass that splits the outputs, decimation in frequency: not the library's
 * passes (docs/notation.md's, which split the inputs), which read and write other places.
 *
 * Yours to derive: which r values of x one work-item reads so that they make one radix-r
 * butterfly of this stage (and neighbouring items read neighbouring addresses), the
 * twiddle each result is multiplied by, and where the r results go in y.
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
 *         60 --inverse --batch 3, and the grader's probes --variant own_pass_once (the
 *         count) and own_pass_layout (the layout). Hints: exercises/06_mixed_radix/README.md.
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
    const int i = get_global_id(0); /* 0 .. N/r - 1: one butterfly */
    const int e = N / L;            /* E: the length of the sequences before the launch */
    const int m = e / r;            /* M = E / r: their length after it */
    const int s = i / m;            /* the sequence this item splits, 0 .. L-1 */
    const int n = i % m;            /* its place in the new sequences */
    real2_t v[5];
    /* the r values of sequence s that are M apart: z_s[n + t M], t < r */
    for (int t = 0; t < r; t++)
        v[t] = LOAD(s * e + n + t * m);
    my_small_dft(v, r, sign);
    /* result q, times w_E^(n q), is value n of sequence s + L q (of the new M-point ones):
     * its DFT is bins X[s + L q + rL f] */
    for (int q = 0; q < r; q++) {
        const real2_t w = cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) * (real_t)(n * q) / (real_t)e);
        STORE((s + L * q) * m + n, cmul(v[q], w));
    }
}
//@exercise end
