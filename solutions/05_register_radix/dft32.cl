/* Exercise 05_register_radix/dft32 — a DFT of 32 values in registers, from smaller blocks.
 *
 * What you write: the body of dft32(v). It replaces v[0..31] by their DFT,
 *     X[k] = sum over j = 0..31 of v[j] * w32^(j*k),   w32 = exp(-2*pi*i/32),
 * in place, in natural order, forward only (an inverse run conjugates around it), from
 * the chapter's smaller blocks and twiddles written as constants (no sincos). The chapter
 * has no radix 32 of its own: kernels/05_register_radix.cl builds dft8 from two dft4s and
 * dft16 as 4 x 4, and this is the next size up.
 *
 * What you may use (defined before your function):
 *     real_t, real2_t    float and float2 (double and double2 with --precision double)
 *     cmul(a, b)         the complex product
 *     mul_minus_i(v)     v * -i, a swap and a sign: (real2_t)(v.y, -v.x)
 *     dft2, dft4, dft8, dft16(v)   the same contract for 2, 4, 8 and 16 values: v[0..r-1]
 *                        becomes X[k] = sum_j v[j] * wr^(j*k), wr = exp(-2*pi*i/r), in place
 * With --variant dft32 every pass runs at register radix r = 32: each work-item holds 32
 * values in a private array and calls your dft32 once per stage. Sizes whose log2 is not
 * a multiple of 5 first do a smaller stage (dft2 .. dft16); N < 32 never calls dft32.
 *
 * Run:    ./build/05_register_radix --size 32 --variant dft32          (this file)
 *         ./build/05_register_radix --size 32 --variant dft32 --exercise FILE
 *         then --size 64, 1024, 2^11 --explain, 2^20, 2^21 --inverse
 * Grade:  make grade EX=05_register_radix/dft32
 * Build errors and line numbers name this file.
 *
 * The placeholder leaves its 32 values as they are: N = 1 to 16 never call dft32 and
 * pass; from N = 32 on every case fails.
 *
 * Yours to work out: how 32 outputs come from smaller DFTs of a split of the inputs, and
 * the twiddles between them as constants. Hints, one step at a time:
 * exercises/05_register_radix/README.md.
 * ------------------------------------------------------------------------------------- */
/* DFT of 32 values in place, natural order, forward:
 *     X[k] = sum_j v[j] * w32^(j*k),   w32 = exp(-2*pi*i/32),   k = 0..31 */
void dft32(real2_t *v)
{
    //@exercise begin: the body of dft32: smaller blocks, constant twiddles, in place
    //@stub /* placeholder: leaves v[0..31] as they are */
    /* even and odd inputs, a dft16 each; X[k] = E[k] + w32^k O[k], X[k+16] = E[k] - w32^k
     * O[k]; w32^k = (cos(pi k/16), -sin(pi k/16)) for k < 8, and w32^(k+8) = -i w32^k */
    const real2_t w[8] = {
        (real2_t)(1, 0),
        (real2_t)((real_t)0.98078528040323044913, (real_t)-0.19509032201612826785),
        (real2_t)((real_t)0.92387953251128675613, (real_t)-0.38268343236508977173),
        (real2_t)((real_t)0.83146961230254523708, (real_t)-0.55557023301960222474),
        (real2_t)((real_t)0.70710678118654752440, (real_t)-0.70710678118654752440),
        (real2_t)((real_t)0.55557023301960222474, (real_t)-0.83146961230254523708),
        (real2_t)((real_t)0.38268343236508977173, (real_t)-0.92387953251128675613),
        (real2_t)((real_t)0.19509032201612826785, (real_t)-0.98078528040323044913),
    };
    real2_t e[16], o[16];
    for (int j = 0; j < 16; j++) {
        e[j] = v[2 * j];
        o[j] = v[2 * j + 1];
    }
    dft16(e);
    dft16(o);
    for (int k = 0; k < 8; k++) {
        real2_t a = cmul(o[k], w[k]);                 /* w32^k     */
        real2_t b = mul_minus_i(cmul(o[k + 8], w[k])); /* w32^(k+8) */
        v[k] = e[k] + a;
        v[k + 16] = e[k] - a;
        v[k + 8] = e[k + 8] + b;
        v[k + 24] = e[k + 8] - b;
    }
    //@exercise end
}
