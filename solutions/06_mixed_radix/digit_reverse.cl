/* Exercise 06_mixed_radix/digit_reverse — the digit reversal as a scatter, computed in the kernel.
 *
 * What you write: digit_reverse_target(e, radices, nstages, n). ARM's three-block
 * pipeline starts with a reordering so that its in-place stages of radices r_0, r_1, ...,
 * r_(S-1) (S = nstages, in the order they run; n is their product) end in natural order.
 * The chapter does it as a gather, y[m] = x[idx(m)], with idx the digit reversal of the
 * chapter README ("The three blocks"): for stages 2 x 5 (n = 10),
 *     idx = 0 5 1 6 2 7 3 8 4 9.
 * With --variant digit_reverse the kernel digit_reverse_computed, just below your
 * function, does the same reordering as a scatter: item j reads x[j] and writes it to
 *     y[digit_reverse_target(j)],
 * so your function must return the output position e whose gather reads j: the e with
 * idx(e) = j. radices[s].x is r_s, an exact small integer stored as real_t.
 *
 * Run:    ./build/06_mixed_radix --size 6 --variant digit_reverse          (this file)
 *         ./build/06_mixed_radix --size 6 --variant digit_reverse --exercise FILE
 *         then --size 48 --explain, 720 --inverse, 46656 (8 x 8 x 3^6)
 *         (--explain prints the host's idx for N <= 64, to check yours against)
 * Grade:  make grade EX=06_mixed_radix/digit_reverse
 * Build errors and line numbers name this file.
 *
 * The placeholder returns j (no reordering): N = 1, 2 and 16 have one stage, where the
 * permutation is the identity, and pass; N = 6 = 2 x 3 is the first to fail. A target
 * outside 0 .. n-1 is not written: that output stays NaN and the check names it.
 *
 * Yours to work out: which digits j has, in which radices, and where they put e.
 * Hints, one step at a time: exercises/06_mixed_radix/README.md.
 * ------------------------------------------------------------------------------------- */
/* The output position that input element j of the digit-reverse block goes to. */
int digit_reverse_target(int j, __global const real2_t *radices, int nstages, int n)
{
    //@exercise begin: the body of digit_reverse_target: the e with idx(e) = j
    //@stub return j; /* placeholder: no reordering */
    /* j = idx(e) has e's digits d_(S-1), ..., d_0 from the lowest, in the radices
     * r_(S-1), ..., r_0: peel them in that order and give d_s its weight in e,
     * r_0 ... r_(s-1) = n / (r_s ... r_(S-1)) */
    int e = 0, weight = n;
    for (int s = nstages - 1; s >= 0; s--) {
        int r = (int)radices[s].x;
        weight /= r;
        e += (j % r) * weight;
        j /= r;
    }
    return e;
    //@exercise end
}
