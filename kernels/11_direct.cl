/* 11_convolution, --variant direct — the convolution by its definition, on the device:
 *
 *     y[r][c] = sum_{a < KY} sum_{b < KX} h[a][b] * x[r - a][c - b]
 *
 * for every output point (r, c) of every image of the batch (1-D: one row, NY = KY = 1).
 * Circular mode takes r - a modulo NY and c - b modulo NX (the output has the input's
 * shape); linear mode takes x as 0 outside 0 <= r - a < NY, 0 <= c - b < NX, and the
 * output is (NY + KY - 1) x (NX + KX - 1). KY x KX complex multiply-adds per output
 * point, against the FFT's O(log N) per point: this is the row "direct" of the lesson's
 * Measured table, where the FFT wins once K is past a few dozen taps in 1-D (a few taps per
 * axis in 2-D).
 *
 * Contract (chapters/11_convolution/direct.c builds the launch):
 *   conv_direct(x, y, h, nx, ny, x_row, x_img, ox, oy, y_row, y_img, kx, ky, circular)
 *   x        input, image b's row r at x[b * x_img + r * x_row], NX values
 *   y        output, image b's row r at y[b * y_img + r * y_row], OX values (r < OY)
 *   h        the filter, KY rows of KX taps, row-major, h[a * kx + b]
 *   circular 1: circular (OX = NX, OY = NY); 0: linear (OX = NX + KX - 1, OY = NY + KY - 1)
 *   global   (groups * DIRECT_G, OY, batch), groups = ceil(OX / (DIRECT_G * DIRECT_R));
 *   local    (DIRECT_G, 1, 1)
 * Work-item t of group g computes the DIRECT_R outputs c = g*G*R + t + i*G, i < R, of
 * row get_global_id(1) of image get_global_id(2) (G, R: DIRECT_G, DIRECT_R), in registers.
 * The taps go by in chunks of DIRECT_CH: for each filter row a and chunk, the group loads
 * the chunk's taps and the G*R + CH - 1 input values its outputs need into local memory
 * (0 outside the input in linear mode, wrapped in circular), then every work-item adds
 * CH taps to each of its R outputs; consecutive work-items read consecutive local values.
 * Any KX, KY and sizes below 2^31 values; nothing is read or written outside x, y, h.
 * Built alone after fftlab.clh (cmul): for --variant direct main.c names this file as the
 * chapter's kernel file, with none of the passes' files, so --kernels FILE replaces it.
 *
 * Notation: docs/notation.md */

#ifndef DIRECT_G
#define DIRECT_G 256 /* work-items per group                              */
#endif
#ifndef DIRECT_R
#define DIRECT_R 4   /* outputs per work-item, G apart                    */
#endif
#ifndef DIRECT_CH
#define DIRECT_CH 256 /* taps of one filter row in local memory at a time */
#endif

#define DIRECT_SPAN (DIRECT_G * DIRECT_R)

/* x at column COL of the row starting at ROW (a column outside 0..NX-1 wraps in circular
 * mode and is 0 in linear mode). */
real2_t direct_load(__global const real2_t *row, int col, int nx, int circular)
{
    if (circular) {
        col %= nx;
        if (col < 0)
            col += nx;
        return row[col];
    }
    return col >= 0 && col < nx ? row[col] : (real2_t)(0, 0);
}

__kernel __attribute__((reqd_work_group_size(DIRECT_G, 1, 1)))
void conv_direct(__global const real2_t *x, __global real2_t *y, __global const real2_t *h,
                 int nx, int ny, int x_row, int x_img, int ox, int oy, int y_row, int y_img,
                 int kx, int ky, int circular)
{
    __local real2_t xs[DIRECT_SPAN + DIRECT_CH - 1];
    __local real2_t hs[DIRECT_CH];
    int t = (int)get_local_id(0);
    int c0 = (int)get_group_id(0) * DIRECT_SPAN; /* the group's first output column */
    int r = (int)get_global_id(1);
    int img = (int)get_global_id(2);
    real2_t acc[DIRECT_R];
    for (int i = 0; i < DIRECT_R; i++)
        acc[i] = (real2_t)(0, 0);

    for (int a = 0; a < ky; a++) {
        /* the input row this filter row meets: r - a, wrapped or skipped */
        int sr = r - a;
        if (circular) {
            sr %= ny;
            if (sr < 0)
                sr += ny;
        } else if (sr < 0 || sr >= ny) {
            continue; /* the same for the whole group: no barrier is skipped by part of it */
        }
        __global const real2_t *xrow = x + (size_t)img * x_img + (size_t)sr * x_row;
        for (int b0 = 0; b0 < kx; b0 += DIRECT_CH) {
            /* window: xs[i] = x[sr][ws + i], ws = c0 - b0 - (CH - 1); output c and tap
             * b = b0 + q read x[sr][c - b] = xs[c - c0 + CH - 1 - q] */
            int ws = c0 - b0 - (DIRECT_CH - 1);
            barrier(CLK_LOCAL_MEM_FENCE); /* the last chunk's readers are done */
            for (int i = t; i < DIRECT_SPAN + DIRECT_CH - 1; i += DIRECT_G)
                xs[i] = direct_load(xrow, ws + i, nx, circular);
            for (int q = t; q < DIRECT_CH; q += DIRECT_G)
                hs[q] = b0 + q < kx ? h[a * kx + b0 + q] : (real2_t)(0, 0);
            barrier(CLK_LOCAL_MEM_FENCE);
            int taps = min(DIRECT_CH, kx - b0);
            for (int q = 0; q < taps; q++) {
                real2_t w = hs[q];
                for (int i = 0; i < DIRECT_R; i++)
                    acc[i] += cmul(w, xs[t + i * DIRECT_G + DIRECT_CH - 1 - q]);
            }
        }
    }
    __global real2_t *yrow = y + (size_t)img * y_img + (size_t)r * y_row;
    for (int i = 0; i < DIRECT_R; i++) {
        int c = c0 + t + i * DIRECT_G;
        if (c < ox && r < oy)
            yrow[c] = acc[i];
    }
}
