/* Exercise 07_multidim/column_load — a column pass's addresses in an array stored bottom-up.
 *
 * Images are often stored bottom-up: a BMP file and an OpenGL texture hold the last row
 * of the picture first. With --variant column_load the chapter keeps its arrays so: every
 * outer axis runs backwards in memory, the rows (x) stay as they are. Element (y, x) of
 * an Ny x Nx array sits at (Ny-1-y)*Nx + x; element (z, y, x) of a volume at
 * ((Nz-1-z)*Ny + Ny-1-y)*Nx + x; array b of the batch follows array b-1, as before. (A
 * launch stores the input so first, and one puts the result back last: --explain.)
 *
 * A column pass along an outer axis (N points at stride S: the y axis of an Ny x Nx array
 * has S = Nx) does Q-point sub-FFTs of columns, as chapter 06's row pass does them along a
 * row. That row pass, for sub-FFT t of a row (t < N/Q) in a pass of span p (the P below;
 * p = 1 in a transform's first pass), computes
 *     k = t mod p;  reads value j (j < Q) from element t + j*(N/Q) of the row;
 *                   writes value j to element (t - k)*Q + k + j*p of the row.
 * The chapter's own column_addresses (kernels/07_multidim.cl, README "A column alone is a
 * gather") does this for arrays stored top-down; yours does it for this layout.
 *
 * Contract of bottom_up_addresses(col, N, S, Q, P, &in, &dj, &out, &dy, &k):
 *   - COL numbers a column as column_addresses numbers it: its neighbour index c (c < S,
 *     fastest), the sub-FFT t of its line (t < N/Q, next) and its line o (what is left:
 *     the outer axes and the batch, slowest);
 *   - value j (j < Q) of the column is read from x[*in + j * *dj] and written to
 *     y[*out + j * *dy], where the row pass would read and write element i of the line,
 *     i counted along the axis (element 0 is y = 0, z = 0), in this layout;
 *   - *k is the row pass's k for this sub-FFT (the pass twiddle's factor).
 * The steps *dj and *dy are signed (long). Everything above the function (the row passes,
 * the dft blocks, cmul, INLINE, column_addresses) is yours to use.
 *
 * Run:   ./build/07_multidim --variant column_load --size 16x16
 *        (runs exercises/07_multidim/column_load.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=07_multidim/column_load
 *
 * Yours to work out: where element i of a line lies when its axis runs backwards, and
 * the five outputs from it. Hints, one step at a time: exercises/07_multidim/README.md.
 * ---- */
static INLINE void bottom_up_addresses(size_t col, const int N, const int S, const int Q,
                                       const int P, size_t *in, long *dj, size_t *out, long *dy,
                                       int *k)
{
    //@exercise begin: the body of bottom_up_addresses: where column col reads and writes in the bottom-up layout, and its k
    //@stub /* placeholder: every column reads and writes element 0 */
    //@stub (void)col; (void)N; (void)S; (void)Q; (void)P;
    //@stub *in = *out = 0;
    //@stub *dj = *dy = 0;
    //@stub *k = 0;
    const size_t sub = col / S;                  /* o * (N/Q) + t: the sub-FFT, t fastest */
    const int c = (int)(col - sub * S), t = (int)(sub % (N / Q));
    const size_t o = sub / (N / Q);
    /* element i of line (o, c) lies at top - i*S: element 0 is the line's last row in memory */
    const size_t top = (o * N + (size_t)(N - 1)) * S + c;
    *k = t % P;
    *in = top - (size_t)t * S;
    *dj = -(long)(N / Q) * S;
    *out = top - ((size_t)(t - *k) * Q + *k) * S;
    *dy = -(long)P * S;
    //@exercise end
}
