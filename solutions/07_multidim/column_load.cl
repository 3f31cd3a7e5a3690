/* Exercise 07_multidim/column_load — where a column pass reads and writes.
 *
 * A pass along an outer axis (N points at stride S: the y axis of an Ny x Nx array has
 * S = Nx) does Q-point sub-FFTs of columns, exactly as chapter 06's row pass does them
 * along a row. That row pass, for sub-FFT t of a row (t < N/Q) in a pass of span p
 * (the P below; p = 1 in a transform's first pass), computes
 *     k = t mod p;  reads value j (j < Q) from element t + j*(N/Q) of the row;
 *                   writes value j to element (t - k)*Q + k + j*p of the row.
 * The kernel numbers the pass's columns so that a group's T lanes get T consecutive
 * numbers, and asks this function where column COL lives.
 *
 * Contract of column_addresses(col, N, S, Q, P, &in, &dj, &out, &dy, &k):
 *   - COL numbers a column by its neighbour index c (c < S, fastest), the sub-FFT t of
 *     its line (t < N/Q, next) and its line o (what is left: the outer axes and the
 *     batch, slowest). Line o, c is the N values x[o*N*S + c + i*S], i < N.
 *   - value j (j < Q) of the column is read from x[*in + j * *dj] and written to
 *     y[*out + j * *dy], where the row pass would read and write it along that line;
 *   - *k is the row pass's k for this sub-FFT (the pass twiddle's factor).
 * Everything above the function (the row passes, the dft blocks, cmul, INLINE) is
 * yours to use; the passes below it call it.
 *
 * Run:   ./build/07_multidim --variant column_load --size 16x16
 *        (runs exercises/07_multidim/column_load.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=07_multidim/column_load
 *
 * Yours to work out: the three indices of COL, and the five outputs from the row
 * pass's reads and writes moved onto a line of stride S. Hints, one step at a time:
 * exercises/07_multidim/README.md.
 * ---- */
static INLINE void column_addresses(size_t col, const int N, const int S, const int Q, const int P,
                                    size_t *in, size_t *dj, size_t *out, size_t *dy, int *k)
{
    //@exercise begin: the body of column_addresses: where column col reads and writes, and its k (see the contract above)
    //@stub /* placeholder: every column reads and writes element 0 */
    //@stub (void)col; (void)N; (void)S; (void)Q; (void)P;
    //@stub *in = *out = 0;
    //@stub *dj = *dy = 0;
    //@stub *k = 0;
    const int per_line = N / Q;
    const int c = (int)(col % S);
    const size_t rest = col / S;
    const int t = (int)(rest % per_line);
    const size_t o = rest / per_line;
    const size_t line = o * (size_t)N * S + c;
    *k = t % P;
    *in = line + (size_t)t * S;
    *dj = (size_t)per_line * S;
    *out = line + ((size_t)(t - *k) * Q + *k) * S;
    *dy = (size_t)P * S;
    //@exercise end
}
