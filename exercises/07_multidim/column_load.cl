/* GENERATED from solutions/07_multidim/column_load.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 07_multidim/column_load — where a column pass reads and writes.
 *
 * A pass along an outer axis (N points at stride S: the y axis of an Ny x Nx array has
 * S = Nx) does Q-point sub-FFTs of columns. The kernel (strided_pass and parted_pass in
 * kernels/07_multidim.cl) numbers the pass's columns so that a group's T lanes get T
 * consecutive numbers, and asks this function where column COL lives.
 *
 * Contract of column_addresses(col, N, S, Q, P, &in, &dj, &out, &dy, &k):
 *   - split COL into the neighbour index s (fastest, s < S), the sub-FFT t of its line
 *     (t < N/Q) and the line o (what is left: the outer axes and the batch):
 *         col = (o * (N/Q) + t) * S + s
 *   - the column's line starts at element o*N*S + s, and one step along it is S elements;
 *   - value j (j < Q) is read from x[*in + j * *dj] and written to y[*out + j * *dy]:
 *     chapter 06's row pass reads element t + j*(N/Q) of its row and writes element
 *     (t - k)*Q + k + j*P; along a line of step S both indices are multiplied by S;
 *   - *k = t mod P, the pass twiddle's factor.
 * Hints: *dj = (N/Q)*S and *dy = P*S. Use size_t for anything multiplied by S (o*N*S
 * passes 2^31 long before N does). Numbering with t fastest also gives right answers, but
 * then the lanes read addresses (N/Q)*S apart: a gather instead of a coalesced load.
 * Everything above the function in kernels/07_multidim.cl (and 06_passes.cl etc.) is
 * yours to use; the passes below it call it.
 * Run:   ./build/07_multidim --variant column_load --size 16x16
 *        (runs exercises/07_multidim/column_load.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=07_multidim/column_load
 * ---- */
static INLINE void column_addresses(size_t col, const int N, const int S, const int Q, const int P,
                                    size_t *in, size_t *dj, size_t *out, size_t *dy, int *k)
{
    // TODO(exercise): split col into (o, t, s), s fastest; set *in, *dj, *out, *dy and *k (see above)
    /* placeholder: every column reads and writes element 0 */
    (void)col; (void)N; (void)S; (void)Q; (void)P;
    *in = *out = 0;
    *dj = *dy = 0;
    *k = 0;
}
