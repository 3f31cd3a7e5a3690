/* Exercise 07_multidim/transpose_tile — the store of the tiled transpose.
 *
 * transpose_tiled(x, y, rows, cols) in kernels/07_multidim.cl turns each rows x cols
 * matrix of the batch into its cols x rows transpose, y[c*rows + r] = x[r*cols + c]. A
 * group of TILE x TILE_ROWS items (32 x 8) moves one TILE x TILE block. Its load is
 * written: lanes lx read a row of the block (consecutive addresses) into a row of the
 * padded local tile, tile[j][lx] = input row gy*TILE + j, column gx*TILE + lx. Then the
 * kernel calls, for j = ly, ly + TILE_ROWS, ...:
 *
 * Contract of transpose_store(y, tile, base, rows, cols, gx, gy, lx, j):
 *   - write row j of the OUTPUT block: lanes lx must write consecutive addresses of y,
 *     so the row is a column of the tile;
 *   - y (from element base) is a cols x rows matrix: its row pitch is rows, not cols;
 *   - write nothing outside it: rows and cols need not be multiples of TILE.
 * Hints: in y the roles swap: the output block's rows are input columns (gx*TILE + j),
 * its columns input rows (gy*TILE + lx). The input element (row gy*TILE + lx, column
 * gx*TILE + j) is tile[lx][j]. Read down a column, the 32 lanes hit values TILE + 1
 * apart thanks to the spare column: 32 different banks (chapter 04). Test the output
 * coordinates against the output's shape; a write past a row's end silently overwrites
 * the next row.
 * Run:   ./build/07_multidim --variant transpose_tile --size 40x24
 *        (runs exercises/07_multidim/transpose_tile.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=07_multidim/transpose_tile
 * ---- */
static INLINE void transpose_store(__global real2_t *y, __local real2_t (*tile)[TILE + 1],
                                   size_t base, int rows, int cols, int gx, int gy, int lx,
                                   int j)
{
    //@exercise begin: row j of the output block: y's row r and column c, the test, and the tile entry
    //@stub int r = gy * TILE + j, c = gx * TILE + lx; /* placeholder: copies the block back */
    //@stub if (r < rows && c < cols)
    //@stub     y[base + (size_t)r * cols + c] = tile[j][lx];
    int r = gx * TILE + j, c = gy * TILE + lx;  /* y's row (an input column), y's column */
    if (r < cols && c < rows)
        y[base + (size_t)r * rows + c] = tile[lx][j];
    //@exercise end
}
