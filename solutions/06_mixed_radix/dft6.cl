/* Exercise 06_mixed_radix/dft6 — a DFT of 6 values in registers, from two DFT3s.
 *
 * What you write: dft6(v). It replaces v[0..5] by their DFT,
 *     X[k] = sum over j = 0..5 of v[j] * w6^(j*k),   w6 = exp(-2*pi*i/6),
 * in place, in natural order, forward only (an inverse run conjugates around it), with
 * two calls of dft3 doing the heavy lifting and no sincos.
 *
 * What you may use (defined before your function):
 *     real_t, real2_t    float and float2 (double and double2 with --precision double)
 *     cmul(a, b)         the complex product
 *     mul_minus_i(v)     v * -i, a swap and a sign: (real2_t)(v.y, -v.x)
 *     dft2(v), dft4(v)   the same contract for 2 and 4 values
 *     dft3(v)            the same contract for 3 values: v[0..2] becomes
 *                        X[k] = sum_j v[j] * w3^(j*k), w3 = exp(-2*pi*i/3), in place
 * The chapter has no radix 6: with --variant dft6 the planner takes a radix-6 stage for
 * every pair of a 2 and a 3 in N (216 = 6 x 6 x 6, 60 = 6 x 2 x 5), and the passes call
 * your dft6 for those stages, on values a work-item holds in a private array.
 *
 * Run:    ./build/06_mixed_radix --size 6 --variant dft6          (this file)
 *         ./build/06_mixed_radix --size 6 --variant dft6 --exercise FILE
 *         then --size 36, 216 --explain, 60 --inverse, 46656 (two passes)
 * Grade:  make grade EX=06_mixed_radix/dft6
 * Build errors and line numbers name this file.
 *
 * The placeholder leaves its six values as they are: N = 1 and 2 never call dft6 and
 * pass; from N = 6 on every case fails.
 *
 * Yours to work out: how the six outputs come from the 3-point DFTs of the even and the
 * odd inputs, and the twiddles as constants. Hints, one step at a time:
 * exercises/06_mixed_radix/README.md.
 * ------------------------------------------------------------------------------------- */
/* DFT of 6 values in place, natural order, forward:
 *     X[k] = sum_j v[j] * w6^(j*k),   w6 = exp(-2*pi*i/6),   k = 0..5 */
void dft6(real2_t *v)
{
    //@exercise begin: the body of dft6: two dft3 calls and their combination, in place
    //@stub /* placeholder: leaves v[0..5] as they are */
    /* from two DFT3s (decimation in time, as dft8 from two dft4s in 05):
     *     E = DFT3(v0, v2, v4),  O = DFT3(v1, v3, v5)
     *     X[k] = E[k] + w6^k O[k],  X[k+3] = E[k] - w6^k O[k],  k = 0..2 */
    const real_t h = (real_t)0.86602540378443864676, c = (real_t)0.5; /* sin, cos(pi/3) */
    real2_t e[3] = {v[0], v[2], v[4]};
    real2_t o[3] = {v[1], v[3], v[5]};
    dft3(e);
    dft3(o);
    o[1] = (real2_t)(c * o[1].x + h * o[1].y, c * o[1].y - h * o[1].x);   /* * w6   */
    o[2] = (real2_t)(h * o[2].y - c * o[2].x, -c * o[2].y - h * o[2].x);  /* * w6^2 */
    for (int q = 0; q < 3; q++) {
        v[q] = e[q] + o[q];
        v[q + 3] = e[q] - o[q];
    }
    //@exercise end
}
