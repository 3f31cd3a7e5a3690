/* Exercise 06_mixed_radix/digit_reverse — the digit-reverse index, computed in the kernel.
 *
 * What you write: digit_reverse_index(m, radices, nstages, n). For an output position
 * m < n of ARM's first block (y[m] = x[idx(m)]) it returns idx(m), the input index that
 * position reads, for stages of radices r_0, r_1, ..., r_(nstages-1) (radices[s].x = r_s,
 * exact small integers, in the order the stages run; n is their product).
 *
 * Where it goes: the chapter's program builds kernels/06_mixed_radix.cl with this file
 * in place of the block "#ifndef FL_EXERCISE_DIGIT_REVERSE" (empty there: the chapter's
 * three_blocks reads a table the host fills, fl_digit_reverse in common/radix_plan.c).
 * Above that place you have real_t, real2_t and the function's declaration; right below
 * it the kernel digit_reverse_computed calls your function once per element. With
 * --variant digit_reverse the chapter runs --variant three_blocks with that kernel first
 * (the host adds -D FL_DIGIT_REVERSE_INDEX=1 and passes the radices, not the table).
 *
 * Run:    ./build/06_mixed_radix --size 6 --variant digit_reverse          (this file)
 *         ./build/06_mixed_radix --size 6 --variant digit_reverse --exercise FILE
 *         then --size 48 --explain, 720 --inverse, 59049 (ten radix-3 stages)
 *         (--size 48 --variant three_blocks --explain prints the host's idx(m))
 * Grade:  make grade EX=06_mixed_radix/digit_reverse
 * Build errors and line numbers name this file.
 *
 * The placeholder returns m (no reordering): N = 1, 2 and 16 have one stage, where the
 * permutation is the identity, and pass; N = 6 = 2 x 3 is the first to fail.
 *
 * Hints (exercises/06_mixed_radix/README.md has them in full)
 * - Write m in the mixed radix of the stages, first stage's digit lowest:
 *   m = d_0 + d_1 r_0 + d_2 r_0 r_1 + ...  (0 <= d_s < r_s).
 * - Give the digits the opposite weights: idx(m) = d_0 n/r_0 + d_1 n/(r_0 r_1) + ... +
 *   d_(S-1). One running weight that starts at n and is divided by each radix does it.
 * - By hand, for 2 x 3: idx = 0 3 1 4 2 5.
 * ------------------------------------------------------------------------------------- */
/* The input index that output position m of the digit-reverse block reads. */
int digit_reverse_index(int m, __global const real2_t *radices, int nstages, int n)
{
    //@exercise begin: idx(m) from the digits of m in the stages' mixed radix (see the hints above)
    //@stub return m; /* placeholder: no reordering */
    /* m = d_0 + d_1 r_0 + d_2 r_0 r_1 + ...; digit s gets the weight n / (r_0 ... r_s),
     * so the first stage's digit becomes the most significant one */
    int idx = 0, weight = n;
    for (int s = 0; s < nstages; s++) {
        int r = (int)radices[s].x;
        weight /= r;
        idx += (m % r) * weight;
        m /= r;
    }
    return idx;
    //@exercise end
}
