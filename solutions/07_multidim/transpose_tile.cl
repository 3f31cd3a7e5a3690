/* Exercise 07_multidim/transpose_tile — the store of the tiled transpose.
 *
 * The kernel transpose_tiled(x, y, rows, cols) turns each rows x cols matrix of the
 * batch into its cols x rows transpose, y[c*rows + r] = x[r*cols + c]. A group of
 * TILE x TILE_ROWS items (32 x 8) moves one TILE x TILE block: block (gx, gy) holds
 * input rows gy*TILE .. and input columns gx*TILE ... Its load is written: lanes lx read
 * a row of the block (consecutive addresses) into a row of the padded local tile,
 *     tile[j][lx] = input (row gy*TILE + j, column gx*TILE + lx)     (TILE + 1 columns),
 * then a barrier, and then the kernel calls, for j = ly, ly + TILE_ROWS, ...:
 *
 * Contract of transpose_store(y, tile, base, rows, cols, gx, gy, lx, j):
 *   - write row j of the OUTPUT block (the block of y that holds this input block,
 *     transposed): lanes lx = 0 .. TILE-1 write consecutive addresses of y;
 *   - y (from element base) is a cols x rows matrix;
 *   - write nothing outside it: rows and cols need not be multiples of TILE.
 *
 * Run:   ./build/07_multidim --variant transpose_tile --size 40x24
 *        (runs exercises/07_multidim/transpose_tile.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=07_multidim/transpose_tile
 *
 * Yours to work out: which row and column of y lane lx writes, the test that keeps it
 * inside y, and which tile entry holds that value. Hints, one step at a time:
 * exercises/07_multidim/README.md.
 * ---- */
static INLINE void transpose_store(__global real2_t *y, __local real2_t (*tile)[TILE + 1],
                                   size_t base, int rows, int cols, int gx, int gy, int lx,
                                   int j)
{
    //@exercise begin: row j of the output block: y's row and column for lane lx, the bounds test, and the tile entry
    //@stub int r = gy * TILE + j, c = gx * TILE + lx; /* placeholder: copies the block back */
    //@stub if (r < rows && c < cols)
    //@stub     y[base + (size_t)r * cols + c] = tile[j][lx];
    int r = gx * TILE + j, c = gy * TILE + lx;  /* y's row (an input column), y's column */
    if (r < cols && c < rows)
        y[base + (size_t)r * rows + c] = tile[lx][j];
    //@exercise end
}
