/* Exercise 06_mixed_radix/digit_reverse — the digit-reverse index, computed in the kernel.
 *
 * What you write: digit_reverse_index(m, radices, nstages, n). ARM's three-block
 * pipeline starts with a reordering, y[m] = x[idx(m)], so that its in-place stages of
 * radices r_0, r_1, ..., r_(S-1) (S = nstages, in the order they run; n is their
 * product) end in natural order. idx is the digit reversal: write m in the stages' mixed
 * radix, the first stage's digit d_0 lowest,
 *     m = d_0 + d_1 * r_0 + d_2 * r_0 * r_1 + ...      (0 <= d_s < r_s),
 * then idx(m) is the number with the same digits in the opposite order of significance:
 * d_0 the most significant, d_(S-1) the least. For stages 2 x 3 (n = 6):
 *     idx = 0 3 1 4 2 5.
 * radices[s].x is r_s, an exact small integer stored as real_t.
 *
 * The chapter's three_blocks reads idx from a table the host fills; with --variant
 * digit_reverse the kernel digit_reverse_computed, just below your function, calls it
 * once per element instead.
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
 * Yours to work out: the weight each digit gets in idx(m), and a loop that peels the
 * digits off m and builds idx. Hints, one step at a time: exercises/06_mixed_radix/README.md.
 * ------------------------------------------------------------------------------------- */
/* The input index that output position m of the digit-reverse block reads. */
int digit_reverse_index(int m, __global const real2_t *radices, int nstages, int n)
{
    // TODO(exercise): the body of digit_reverse_index: idx(m) from the digits of m
    return m; /* placeholder: no reordering */
}
