/* GENERATED from solutions/06_mixed_radix/dft6.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 06_mixed_radix/dft6 — a DFT of 6 values in registers, from two DFT3s.
 *
 * What you write: dft6(v). It replaces v[0..5] by their DFT,
 *     X[k] = sum_j v[j] * w6^(j*k),   w6 = exp(-2*pi*i/6),
 * in place, in natural order, forward only (an inverse run conjugates around it).
 *
 * Where it goes: the chapter's program builds kernels/06_mixed_radix.cl with this file
 * in place of the block "#ifndef FL_EXERCISE_DFT6" (empty there: the chapter has no
 * radix 6). Above that place you have real_t, real2_t, cmul (kernels/fftlab.clh),
 * mul_minus_i(v) (v * -i, a swap), dft2, dft4, dft8, dft16 (kernels/05_register_radix.cl)
 * and dft3(v) (the same contract for 3 values). With --variant dft6 the planner takes a
 * radix-6 stage for every pair of a 2 and a 3 in N (216 = 6 x 6 x 6, 60 = 6 x 2 x 5), the
 * host adds -D FL_RADIX6=1, and the passes of kernels/06_passes.cl call your dft6 for
 * those stages, on values a work-item holds in a private array.
 *
 * Run:    ./build/06_mixed_radix --size 6 --variant dft6          (this file)
 *         ./build/06_mixed_radix --size 6 --variant dft6 --exercise FILE
 *         then --size 36, 216 --explain, 60 --inverse, 7776 (two passes)
 * Grade:  make grade EX=06_mixed_radix/dft6
 * Build errors and line numbers name this file.
 *
 * The placeholder leaves its six values as they are: N = 1 and 2 never call dft6 and
 * pass; from N = 6 on every case fails.
 *
 * Hints (exercises/06_mixed_radix/README.md has them in full)
 * - Split the inputs by parity: E = DFT3(v0, v2, v4), O = DFT3(v1, v3, v5), two calls of
 *   dft3 on copies (the outputs overwrite the inputs).
 * - w6^2 = w3 and w6^(k+3) = -w6^k, so X[k] = E[k] + w6^k O[k], X[k+3] = E[k] - w6^k O[k].
 * - The twiddles are constants: w6 = 1/2 - i sqrt(3)/2, w6^2 = -1/2 - i sqrt(3)/2. Keep
 *   sqrt(3)/2 a real_t constant, right in fp64 too.
 * - Index every array with constants or loop counters the compiler unrolls, so that the
 *   values stay in registers.
 * ------------------------------------------------------------------------------------- */
/* DFT of 6 values in place, natural order, forward:
 *     X[k] = sum_j v[j] * w6^(j*k),   w6 = exp(-2*pi*i/6),   k = 0..5 */
void dft6(real2_t *v)
{
    // TODO(exercise): dft6 from two dft3 calls and the w6^k twiddles (see the hints above)
    /* placeholder: leaves v[0..5] as they are */
}
