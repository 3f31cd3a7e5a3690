/* GENERATED from solutions/09_real_input/post_twist.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 09_real_input/post_twist — the post-processing twist of R2C, one pair of bins.
 *
 * What you write: the body of post_twist_pair below. Nothing else goes in this file.
 * The chapter builds it into kernels/09_real_input.cl in place of its own version (the
 * block `#ifndef FL_EXERCISE_POST_TWIST`), so everything above that block is yours to
 * use and everything below it calls your function: rfft_post, one work-item per pair
 * (k, M - k), k = 0 .. M/2, of every row.
 *
 * Where the values come from. A row of N = 2M reals x_0 .. x_(N-1) is read as M complex
 * values z_j = x_(2j) + i x_(2j+1) (the same bytes), and the plan has already done the
 * M-point FFT of every row, Z = DFT_M(z). rfft_post then calls
 *     post_twist_pair(a = Z_k, b = Z_((M-k) mod M), w = w_N^k, &xk, &xmk)
 * (at k = 0, b is Z_0 again: indices are mod M) and stores *xk as the bin X_k and *xmk as
 * the bin X_(M-k) of the row's half spectrum, which has M + 1 bins X_0 .. X_M.
 *
 * Contract (w_N = exp(-2 pi i / N); the forward sign):
 *     E_k = (Z_k + conj Z_(M-k)) / 2           the even samples' spectrum
 *     O_k = -i (Z_k - conj Z_(M-k)) / 2        the odd samples' spectrum
 *     *xk  = X_k     = E_k + w_N^k O_k
 *     *xmk = X_(M-k) = conj(E_k - w_N^k O_k)
 * The lesson (chapters/09_real_input/README.md, "Two for one" and "The twist") derives
 * them. One function, two outputs, one twiddle: no loads, no stores, no branches needed.
 *
 * What you may use (defined before your function):
 *     real_t, real2_t    float and float2 (double and double2 with --precision double)
 *     cmul(a, b)         the complex product (kernels/fftlab.clh)
 *     rh_conj(a)         the complex conjugate, (real2_t)(a.x, -a.y)
 * Multiplying by -i is (real2_t)(d.y, -d.x); by i, (real2_t)(-d.y, d.x).
 *
 * Hints:
 *   - At k = 0 the pair is (0, M): *xmk is X_M, the Nyquist bin. The formulas give
 *     X_0 = Re Z_0 + Im Z_0 and X_M = Re Z_0 - Im Z_0 there: no special case.
 *   - At k = M/2 (M even) both outputs are the same bin, and the formulas agree on it.
 *   - The tone check names the bin its energy landed on: with X_k and X_(M-k) swapped, a
 *     cosine at bin 5 of N = 16 lands on bin 3 = M - 5.
 *   - The table holds w_N^k itself; its conjugate fails the random check by ~100 %.
 *   - pre_twist_pair in kernels/09_real_input.cl undoes what you write (C2R, and the
 *     round trip of every run): the same quantities appear there, times 2.
 *
 * Run:   ./build/09_real_input --variant post_twist --size 16
 *        (runs exercises/09_real_input/post_twist.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=09_real_input/post_twist
 * ---- */
static INLINE void post_twist_pair(real2_t a, real2_t b, real2_t w, real2_t *xk, real2_t *xmk)
{
    // TODO(exercise): E_k and O_k from Z_k = A and conj Z_(M-k) = conj B; then X_k and X_(M-k) with W = w_N^k
    /* placeholder: the packed spectrum as it is (wrong) */
    (void)w;
    *xk = a;
    *xmk = b;
}
