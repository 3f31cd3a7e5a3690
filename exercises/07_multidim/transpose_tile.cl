/* Exercise 07_multidim/transpose_tile — the store of a transpose in blocks of 16 x 64.
 *
 * With --variant transpose_tile the chapter's transposes run as transpose_wide
 * (kernels/07_multidim.cl): each rows x cols matrix of the batch becomes its cols x rows
 * transpose, y[c*rows + r] = x[r*cols + c], but a group moves a block of WIDE_ROWS = 16
 * input rows by WIDE_COLS = 64 input columns, with WIDE_COLS x WIDE_ITEM_ROWS = 64 x 4
 * items. Block (gx, gy) holds input rows gy*16 .. and input columns gx*64 ... Its load is
 * written: lanes lx = 0 .. 63 read a row of the block (64 consecutive addresses) into a
 * row of the local tile,
 *     tile[j][lx] = input (row gy*16 + j, column gx*64 + lx)     (64 + 2 columns),
 * then a barrier, and then the kernel calls, for j = ly, ly + 4, ly + 8, ly + 12:
 *
 * Contract of wide_store(y, tile, base, rows, cols, gx, gy, lx, j):
 *   - the 16 calls j = 0 .. 15 of the 64 lanes together write the whole output block
 *     (the block of y that holds this input block, transposed), each of its values once;
 *   - neighbouring lanes write neighbouring addresses of y wherever a row of the output
 *     block allows (a row of y's block is only 16 values long);
 *   - y (from element base) is a cols x rows matrix; write nothing outside it: rows and
 *     cols need not be multiples of 16 or 64.
 *
 * Run:   ./build/07_multidim --variant transpose_tile --size 40x24
 *        (runs exercises/07_multidim/transpose_tile.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=07_multidim/transpose_tile
 *
 * Yours to work out: the shape of the output block, which of its values call j and lane
 * lx write, the test that keeps them inside y, and which tile entry holds each. Hints,
 * one step at a time: exercises/07_multidim/README.md.
 * ---- */
static INLINE void wide_store(__global real2_t *y, __local real2_t (*tile)[WIDE_COLS + 2],
                              size_t base, int rows, int cols, int gx, int gy, int lx, int j)
{
    // TODO(exercise): call j of the output block: y's row and column for lane lx, the bounds test, and the tile entry
    int r = gy * WIDE_ROWS + j, c = gx * WIDE_COLS + lx; /* placeholder: copies the block back */
    if (r < rows && c < cols)
        y[base + (size_t)r * cols + c] = tile[j][lx];
}
