/* Exercise 05_register_radix/dft8 — a DFT of 8 values in registers, from two DFT4s.
 *
 * What you write: the body of dft8(v). It replaces v[0..7] by their DFT,
 *     X[k] = sum over j = 0..7 of v[j] * w8^(j*k),   w8 = exp(-2*pi*i/8),
 * in place, in natural order, forward only (an inverse run conjugates around it), with
 * two calls of dft4 doing the heavy lifting and no sincos.
 *
 * What you may use (defined before your function):
 *     real_t, real2_t    float and float2 (double and double2 with --precision double)
 *     cmul(a, b)         the complex product
 *     mul_minus_i(v)     v * -i, a swap and a sign: (real2_t)(v.y, -v.x)
 *     dft2(v), dft4(v)   the same contract for 2 and 4 values: v[0..3] becomes
 *                        X[k] = sum_j v[j] * w4^(j*k), w4 = exp(-2*pi*i/4), in place
 * With --variant dft8 every pass runs at register radix r = 8: each work-item calls your
 * dft8 once per stage, on values it holds in a private array. Sizes whose log2 is not a
 * multiple of 3 first do a smaller stage with dft2 or dft4.
 *
 * Run:    ./build/05_register_radix --size 8 --variant dft8          (this file)
 *         ./build/05_register_radix --size 8 --variant dft8 --exercise FILE
 *         then --size 16, 512, 2^11 --explain, 4096 --inverse, 2^20
 * Grade:  make grade EX=05_register_radix/dft8
 * Build errors and line numbers name this file.
 *
 * The placeholder leaves its eight values as they are: N = 1, 2 and 4 never call dft8
 * (the plan uses r = N there) and pass; from N = 8 on every case fails.
 *
 * Yours to work out: how the eight outputs come from the two 4-point DFTs of the even
 * and the odd inputs, and the three twiddles as constants. Hints, one step at a time:
 * exercises/05_register_radix/README.md.
 * ------------------------------------------------------------------------------------- */
/* DFT of 8 values in place, natural order, forward:
 *     X[k] = sum_j v[j] * w8^(j*k),   w8 = exp(-2*pi*i/8),   k = 0..7 */
void dft8(real2_t *v)
{
    // TODO(exercise): the body of dft8: two dft4 calls and their combination, in place
    /* placeholder: leaves v[0..7] as they are */
}
