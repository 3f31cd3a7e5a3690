/* 07_multidim — 2-D and 3-D transforms: column passes along the outer axes, and the
 * tiled transpose.
 *
 * A batch of arrays of shape Nz x Ny x Nx (or Ny x Nx), row-major as in NumPy: the last
 * axis, x, is contiguous, y is Nx elements apart, z is Ny*Nx apart. The transform is
 *     X[kz][ky][kx] = sum_{jz,jy,jx} x[jz][jy][jx] * w_Nz^(jz*kz) * w_Ny^(jy*ky) * w_Nx^(jx*kx)
 * and the sum splits axis by axis: a 1-D transform of every line along x, then of every
 * line along y, then along z (in any order). Two ways to do the lines of an outer axis:
 *
 *   strided    (the chapter's default) read them where they are. A line along y is a
 *              "column": its values are S = Nx elements apart. One column alone would be
 *              a gather, one value per memory sector; but the Nx columns of a plane sit
 *              side by side, so a work-group takes T neighbouring columns and its lanes
 *              read T consecutive addresses for each value j (chapter 05's idea, one level
 *              up). strided_pass below: chapter 06's Stockham pass with every index
 *              scaled by S.
 *   transpose  the way Apple's OpenCL_FFT sample does it: transform along x, then
 *              transpose each array so that the next axis becomes the contiguous one, and
 *              repeat; after the last axis the shape is back where it started. Only rows
 *              are ever transformed (chapter 06's pass as it is); transpose_tiled moves
 *              the data through a padded tile in local memory so that both its reads and
 *              its writes are coalesced (chapter 04's padding). One extra read and write
 *              of all the data per axis.
 *
 * Built after kernels/06_passes.cl (mixed_pass, stage, exchange, FOR_M), 06_column_parts.cl
 * (strided_load/store, the exchanges in parts) and 06_row_parts.cl (row_parts_pass),
 * kernels/05_register_radix.cl (dft2..dft16, twiddle_lookup) and kernels/06_mixed_radix.cl
 * (dft3, dft5, dft7); --kernels FILE replaces this file only. The exercises (--variant
 * column_load, transpose_tile) are built at the empty #ifndef FL_EXERCISE_<NAME> blocks
 * below, each with code of its own that only its variant compiles; column_addresses and
 * transpose_store, which chapters 07-10 run, are in every build.
 *
 * The host (chapters/07_multidim/main.c) plans every axis with common/fft/radix_plan.c and
 * compiles this file for the shape, with -D constants (--explain prints them):
 *     TILE, TILE_ROWS      the transpose's tile (TILE x TILE values, TILE_ROWS rows of items)
 *     A<a>_N, A<a>_LB      axis a's length, its twiddle table's split (a = x, y, z)
 *     A<a>_S               its stride as its passes see the data (1: rows)
 *     A<a>_KIND            ROWS, COLS, PARTS or ROWPARTS: which pass does it
 *     A<a>_P<n>            pass n < 4 of the axis: Q,p,I,T,radices (e.g. 512,1,32,8,8,8,8)
 *     A<a>_PARTS, A<a>_WG  a PARTS or ROWPARTS axis's parts G and group size (its one
 *                          pass, below; for ROWPARTS, P0's Q and radices are one part's)
 *     FL_UNPAD_W, FL_UNPAD_PW  (chapter 09) rows of W values padded to PW between passes
 *                          (padded_addresses; flags PASS_PAD_IN and PASS_UNPAD_OUT)
 * so each pass becomes its own kernel fft_rows_<a>_p<n>, fft_cols_<a>_p<n>,
 * fft_parts_<a>_p0 or fft_rowparts_<a>_p0, specialized like chapter 06's. Every axis has
 * its own twiddle table: lo (2^LB values w_N^z) then hi (w_N^(y * 2^LB)); w_N^x =
 * hi[x >> LB] * lo[x & (2^LB - 1)].
 *
 * Inverse: conj(forward(conj x)) over all axes at once: the first pass of the whole plan
 * conjugates what it loads, the last one what it stores (PASS_CONJ_IN/OUT of 06).
 *
 * Sources: Apple's OpenCL_FFT notes (the n-dimensional decomposition: fft along one
 * dimension, then transpose); G. Dal's thesis, 2.3 (the multi-dimensional DFT is 1-D DFTs
 * along each dimension) and 3.2.5 (transpose between dimensions, a tile padded to 32 x 33
 * against bank conflicts).
 *
 * Notation: docs/notation.md */

#ifndef TILE
#error "TILE is not defined: build through the harness (chapters/07_multidim/main.c passes -D TILE=...)"
#endif

/* ---------------------------------------------------------------- column passes */

/* Where column COL of a pass (Q, P) along an axis of N points at stride S reads and
 * writes. The columns of the pass are numbered with the neighbour index c fastest (the
 * position across the S side-by-side lines), then the sub-FFT t of its line (t < N/Q),
 * then the line o (the outer index and the batch together):
 *     col = (o * (N/Q) + t) * S + c
 * so columns col and col + 1 are neighbours in memory, and a group's T lanes read T
 * consecutive addresses. Value j (j < Q) of the column moves as in chapter 06's pass,
 *     x[t + j*(N/Q)]  ->  y[(t - k)*Q + k + j*P],   k = t mod P,
 * but along the line of this column: it starts at element o*N*S + c, and one step along
 * the axis is S elements. Returns the read address of value j as *IN + j * *DJ, its write
 * address as *OUT + j * *DY, and *K = k (the pass twiddle's factor).
 * (Exercise 07_multidim/column_load asks for these addresses in arrays stored bottom-up:
 * --variant column_load, below.) */
static INLINE void column_addresses(size_t col, const int N, const int S, const int Q, const int P,
                                    size_t *in, size_t *dj, size_t *out, size_t *dy, int *k)
{
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
}

/* Exercise 07_multidim/column_load (--variant column_load, exercises/07_multidim/
 * column_load.cl): the student's bottom_up_addresses, column_addresses for arrays whose
 * outer axes are stored backwards (a bottom-up image, as BMP files and OpenGL textures
 * hold their rows: element (b, z, y, x) at ((b*Nz + Nz-1-z)*Ny + Ny-1-y)*Nx + x), is built
 * here. Its steps may be negative: it returns them as long, and bottom_up_columns hands
 * them on as size_t, whose wrap-around arithmetic gives the same addresses. */
#ifndef FL_EXERCISE_COLUMN_LOAD
/* The chapter does not solve it: its arrays are stored top-down. */
#endif
#ifdef FL_EXERCISE_COLUMN_LOAD
static INLINE void bottom_up_columns(size_t col, const int N, const int S, const int Q,
                                     const int P, size_t *in, size_t *dj, size_t *out,
                                     size_t *dy, int *k)
{
    long sdj, sdy;
    bottom_up_addresses(col, N, S, Q, P, in, &sdj, out, &sdy, k);
    *dj = (size_t)sdj;
    *dy = (size_t)sdy;
}
#define FL07_COLUMN_ADDRESSES bottom_up_columns

/* flip_outer_axes (2-D items: nz*ny*nx rounded up, x batch; nz = 1 in 2-D): y[b][nz-1-z]
 * [ny-1-y][x] = x[b][z][y][x], its own inverse. --variant column_load launches it first
 * (the input into the bottom-up layout) and last (the result back, for the checks). */
__kernel void flip_outer_axes(__global const real2_t *x, __global real2_t *y, int nz, int ny,
                              int nx)
{
    const size_t e = get_global_id(0), plane = (size_t)ny * nx, n = nz * plane;
    if (e >= n)
        return;
    const size_t base = get_global_id(1) * n;
    const size_t z = e / plane, yy = e / nx % ny, xx = e % nx;
    y[base + ((nz - 1 - z) * ny + (ny - 1 - yy)) * nx + xx] = x[base + e];
}

/* Never launched: every build needs the student's function, a 1-D size (no column) too. */
__kernel void exercise_needs_column_load(__global ulong *r, int N, int S, int Q, int P)
{
    size_t in, out;
    long dj, dy;
    int k;
    bottom_up_addresses(r[0], N, S, Q, P, &in, &dj, &out, &dy, &k);
    r[0] = in + out + (ulong)dj + (ulong)dy + (ulong)k;
}
#else
#define FL07_COLUMN_ADDRESSES column_addresses
#endif

/* Chapter 09's half spectrum has rows of W = M + 1 values, an odd number: a column pass at
 * that stride reads and writes runs that straddle memory sectors. On the H100 the reads
 * cost little, the writes much (a sector written in part by one group and in part by
 * another): 09 pads the rows of 3-D transforms to PW values between its passes, and
 *   - the pass with PASS_PAD_IN in its flags (C2R's first) numbers its columns over the
 *     padded rows (S = rows x PW per line) and loads column s = r*PW + e from r*W + e of
 *     the unpadded layout (stride S/PW*W), nothing for a pad column (e >= W), whose values
 *     are then computed on whatever registers hold and stored in the pad;
 *   - the pass with PASS_UNPAD_OUT (R2C's last) numbers its columns over the unpadded rows
 *     (S/PW*W per line), stores as usual there, and loads column r*W + e from r*PW + e of
 *     the padded layout: its writes are whole runs of neighbouring columns.
 * pass_columns: the columns' stride in the layout they are numbered over;
 * padded_addresses: the loads moved to the other layout (column_addresses did the rest);
 * 0 in *LOADS for a pad column. */
#define PASS_UNPAD_OUT 64
#define PASS_PAD_IN 128
#ifndef FL_UNPAD_W
#define FL_UNPAD_W 1
#define FL_UNPAD_PW 1
#endif
static INLINE int pass_columns(int flags, const int S)
{
    return flags & PASS_UNPAD_OUT ? S / FL_UNPAD_PW * FL_UNPAD_W : S;
}

static INLINE void padded_addresses(size_t col, int flags, const int N, const int S, const int Q,
                                    size_t *in, size_t *dj, int *loads)
{
    if (!(flags & (PASS_PAD_IN | PASS_UNPAD_OUT)))
        return;
    const int W = FL_UNPAD_W, PW = FL_UNPAD_PW, pad_in = (flags & PASS_PAD_IN) != 0;
    const int sc = pass_columns(flags, S);          /* the stride the columns count in */
    const int sl = pad_in ? S / PW * W : S;         /* the stride of the layout loaded  */
    const int s = (int)(col % sc), row = pad_in ? s / PW : s / W, e = pad_in ? s % PW : s % W;
    const size_t rest = col / sc;
    const int t = (int)(rest % (N / Q));
    const size_t o = rest / (N / Q);
    *in = o * (size_t)N * sl + (size_t)row * (pad_in ? W : PW) + e + (size_t)t * sl;
    *dj = (size_t)(N / Q) * sl;
    *loads = *loads && (!pad_in || e < W);
}

/* Extension point. A later chapter's kernel file, built in front of this one, may define
 *   COLUMN_STORE_AT(col, flags, N, S, Q, P, out, dy)
 *                         statements that move where column COL of a pass stores: its
 *                         output j goes to *OUT + j * *DY (column_addresses' numbering of
 *                         the columns, its OUT and DY as they were); default nothing.
 *                         Chapter 10 (kernels/10_pass_hooks.cl): the last pass of the
 *                         outermost axis stores into FFTW-MPI's transposed layout. */
#ifndef COLUMN_STORE_AT
#define COLUMN_STORE_AT(col, flags, N, S, Q, P, out, dy)
#endif

/* strided_load and strided_store, the loads and stores of a column pass, are in
 * kernels/06_column_parts.cl: chapter 06's passes in parts use them too. */

/* One pass along an outer axis, in place of chapter 06's mixed_pass: the same stages in
 * registers and the same exchanges through local memory (stage, exchange, PASS_STAGES of
 * kernels/06_passes.cl); only the loads and stores differ. See fft_cols_<a>_p<n>. */
static INLINE void strided_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                                __global const real2_t *hi, __global const real2_t *lo, int lines,
                                int flags, const int N, const int lo_bits, const int S, const int Q,
                                const int P, const int I, const int T, const int r0, const int r1,
                                const int r2, const int r3, const int r4, const int r5, const int r6,
                                const int r7, const int r8, const int r9, const int r10, const int r11)
{
    const int cf = 1;                 /* local memory: columns fastest (exchange's layout) */
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;   /* neighbouring lanes take neighbouring columns */
    const int sc = pass_columns(flags, S);
    const size_t ncols = (size_t)lines * (N / Q) * sc;
    const size_t col = (size_t)get_group_id(0) * T + c;
    const int valid = col < ncols;
    size_t in, dj, out, dy;
    int k;
    FL07_COLUMN_ADDRESSES(valid ? col : 0, N, sc, Q, P, &in, &dj, &out, &dy, &k);
    int loads = valid;
    padded_addresses(valid ? col : 0, flags, N, S, Q, &in, &dj, &loads);
    COLUMN_STORE_AT(valid ? col : 0, flags, N, sc, Q, P, &out, &dy);
    real2_t v[FL_VMAX];

    strided_load(v, x, in, dj, loads, i, k, flags, hi, lo, lo_bits, N, Q, P, I, r0);
    PASS_STAGES /* unrolled: s_k = r_0 ... r_(k-1) (as in mixed_pass) */
    strided_store(y, v, out, dy, valid, i, flags, Q, I, PASS_LAST_RADIX);
}

/* ---------------------------------------------------------------- columns in parts */

/* An outer axis of 4096 fp32 points: a group needs T >= 4 neighbouring columns to read
 * whole 32-byte sectors, and 4 x 4096 values do not fit its 48 KiB of local memory, so
 * strided_pass takes two passes (64 x 64). But local memory is only where values meet
 * between stages; they live in registers. So let a group hold its T columns in registers
 * (Q/I values per item, up to FL_PART_VMAX) while local memory holds Tp = T/B of them,
 * and do every exchange in B rounds: in round k the items of part k (columns k*Tp ..
 * k*Tp + Tp-1) write their values and read back their next ones, the others only wait
 * at the barriers (chapter 05's parted rows, "Beyond one local memory", on columns).
 * Columns of a pass never mix, so no item needs room for anything but its own values.
 * Each item does one column, as in strided_pass, so the loads stay what they were: for
 * each j the group's lanes read T consecutive values. One read and one write of the axis
 * instead of two. */

/* The exchanges in parts or in slices and FL_PART_VMAX are in kernels/06_column_parts.cl:
 * 06's last pass of two uses them too. */

/* One pass along an outer axis in PARTS parts; see fft_parts_<a>_p0. The loads and stores
 * of strided_pass; the stages with PARTED_NEXT_STAGE between them. */
static INLINE void parted_pass(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                               __global const real2_t *hi, __global const real2_t *lo, int lines,
                               int flags, const int N, const int lo_bits, const int S,
                               const int PARTS, const int Q, const int P, const int I, const int T,
                               const int r0, const int r1, const int r2, const int r3, const int r4,
                               const int r5, const int r6, const int r7, const int r8, const int r9,
                               const int r10, const int r11)
{
    const int l = get_local_id(0);
    const int c = l % T, i = l / T;   /* neighbouring lanes take neighbouring columns */
    const int sc = pass_columns(flags, S);
    const size_t ncols = (size_t)lines * sc; /* the axis's only pass: Q = N, P = 1 */
    const size_t col = (size_t)get_group_id(0) * T + c;
    const int valid = col < ncols;
    size_t in, dj, out, dy;
    int k;
    FL07_COLUMN_ADDRESSES(valid ? col : 0, N, sc, Q, P, &in, &dj, &out, &dy, &k);
    int loads = valid;
    padded_addresses(valid ? col : 0, flags, N, S, Q, &in, &dj, &loads);
    COLUMN_STORE_AT(valid ? col : 0, flags, N, sc, Q, P, &out, &dy);
    real2_t v[FL_PART_VMAX];

    strided_load(v, x, in, dj, loads, i, k, flags, hi, lo, lo_bits, N, Q, P, I, r0);
    PASS_STAGES_WITH(PARTED_NEXT_STAGE)
    strided_store(y, v, out, dy, valid, i, flags, Q, I, PASS_LAST_RADIX);
}

/* Contract (fft_rows_<a>_p<n>: pass n along axis a, done as rows)
 *   the kernel of chapter 06 (fft_mixed_p<n> in kernels/06_passes.cl) for rows of
 *   N = A<a>_N points: LINES rows one after another (the batch and the other axes
 *   together); groups of I*T items; tw = the axis's table (lo, then hi at 2^A<a>_LB)
 *   reads      : x[row*N + t + j*(N/Q)] of the group's columns, once
 *   writes     : y[row*N + (t - k)*Q + k + j*P], once
 *   host calls : the axis's passes p0, p1, ... in order, each from one buffer to the other.
 *
 * Contract (fft_cols_<a>_p<n>: pass n along an outer axis a, in place in the array)
 *   work-items : 1-D, groups of I*T items (T columns of I items, the column index fastest
 *                across lanes); group g does columns g*T .. g*T + T-1 of the
 *                LINES*(N/Q)*S columns (those past the end load and store nothing, but
 *                take part in the barriers)
 *   args       : x, y (distinct), u local T*Q*17/16 values, tw (the axis's table), LINES
 *                (= batch x the axes outside this one), flags (PASS_CONJ_IN/OUT; and
 *                chapter 09's PASS_PAD_IN / PASS_UNPAD_OUT: padded_addresses)
 *   reads      : x[IN + j*DJ] for every j < Q of each of the group's columns, once
 *                (column_addresses); for each j the group's lanes read T consecutive values
 *   writes     : y[OUT + j*DY], once; T consecutive values per j
 *   host calls : after the rows of the contiguous axis (any order of axes is right), the
 *                axis's passes p0, p1, ... in order, swapping x and y; pass n's span p is the
 *                product of the earlier passes' Q. PASS_CONJ_IN on the first pass of the
 *                whole plan and PASS_CONJ_OUT on the last one for an inverse. */

/* Contract (fft_rowparts_<a>_p0: the only pass along an axis a done as rows, in parts)
 *   chapter 06's fft_row_parts_p0 (kernels/06_row_parts.cl) for rows of N = A<a>_N points:
 *   LINES rows, one per group of A<a>_WG items; the row's G = A<a>_PARTS columns x[q + G j]
 *   in registers, each exchange a part at a time, the radix-G stage across them last
 *   reads      : x[row*N + e], every e < N, once
 *   writes     : y[row*N + e], every e < N, once
 *   host calls : the axis's one pass (A<a>_P0 = Q,p,I,T,radices of one part of N/G points).
 *
 * Contract (fft_parts_<a>_p0: the only pass along an outer axis a, in parts)
 *   work-items : 1-D, groups of A<a>_WG = I*T items (T columns of I items, the column index
 *                fastest across lanes); group g does columns g*T .. g*T + T-1 of the
 *                LINES*S columns (those past the end load and store nothing, but take
 *                part in the barriers); the columns q*Tp .. q*Tp + Tp-1 (Tp = T/G, G =
 *                A<a>_PARTS) are part q, and each exchange is G rounds, part q in round q
 *   args       : as fft_cols_<a>_p<n>, but u holds Tp*Q*17/16 values (one part)
 *   reads      : x[IN + j*DJ] for every j < N of each of the group's columns, once; for
 *                each j the group's lanes read T consecutive values
 *   writes     : y[OUT + j*DY], once; T consecutive values per j
 *   host calls : as fft_cols_<a>_p<n>, with Q = N and p = 1 (one pass for the axis). */

#define FL07_KERNEL_ROWS(L, K)                                                             \
    __kernel void fft_rows_##L##_p##K(__global const real2_t *x, __global real2_t *y,      \
                                      __local real2_t *u, __global const real2_t *tw,     \
                                      int lines, int flags)                               \
    {                                                                                      \
        mixed_pass(x, y, u, tw + (1 << A##L##_LB), tw, lines, flags, A##L##_N, A##L##_LB,  \
                   A##L##_P##K);                                                            \
    }

/* A row in parts (chapter 06's row_parts_pass) with the pass's constants as 07 packs them,
 * Q,p,I,T,r0..r11: Q and the radices are one part's, p = 1 and T = 1 are not needed. */
static INLINE void row_parts_packed(__global const real2_t *x, __global real2_t *y,
                                    __local real2_t *u, __global const real2_t *hi,
                                    __global const real2_t *lo, int flags, const int N,
                                    const int lo_bits, const int PARTS, const int Q, const int P,
                                    const int I, const int T, const int r0, const int r1,
                                    const int r2, const int r3, const int r4, const int r5,
                                    const int r6, const int r7, const int r8, const int r9,
                                    const int r10, const int r11)
{
    row_parts_pass(x, y, u, hi, lo, flags, N, lo_bits, PARTS, Q, I, r0, r1, r2, r3, r4, r5, r6,
                   r7, r8, r9, r10, r11);
}

#define FL07_KERNEL_PARTS(L, K)                                                            \
    __kernel __attribute__((reqd_work_group_size(A##L##_WG, 1, 1)))                        \
    void fft_parts_##L##_p##K(__global const real2_t *x, __global real2_t *y,              \
                              __local real2_t *u, __global const real2_t *tw, int lines,  \
                              int flags)                                                  \
    {                                                                                      \
        parted_pass(x, y, u, tw + (1 << A##L##_LB), tw, lines, flags, A##L##_N, A##L##_LB, \
                    A##L##_S, A##L##_PARTS, A##L##_P##K);                                  \
    }

#define FL07_KERNEL_ROWPARTS(L, K)                                                         \
    __kernel __attribute__((reqd_work_group_size(A##L##_WG, 1, 1)))                        \
    void fft_rowparts_##L##_p##K(__global const real2_t *x, __global real2_t *y,           \
                                 __local real2_t *u, __global const real2_t *tw, int lines, \
                                 int flags)                                                \
    {                                                                                      \
        row_parts_packed(x, y, u, tw + (1 << A##L##_LB), tw, flags, A##L##_N, A##L##_LB,   \
                         A##L##_PARTS, A##L##_P##K);                                        \
    }

#define FL07_KERNEL_COLS(L, K)                                                             \
    __kernel void fft_cols_##L##_p##K(__global const real2_t *x, __global real2_t *y,      \
                                      __local real2_t *u, __global const real2_t *tw,     \
                                      int lines, int flags)                               \
    {                                                                                      \
        strided_pass(x, y, u, tw + (1 << A##L##_LB), tw, lines, flags, A##L##_N,           \
                     A##L##_LB, A##L##_S, A##L##_P##K);                                    \
    }

/* FL07_PASS(y, 0) is FL07_KERNEL_COLS(y, 0) when -D Ay_KIND=COLS. */
#define FL07_PASS(L, K) FL07_PASS_(A##L##_KIND, L, K)
#define FL07_PASS_(KIND, L, K) FL07_PASS__(KIND, L, K)
#define FL07_PASS__(KIND, L, K) FL07_KERNEL_##KIND(L, K)

#ifdef Ax_P0
FL07_PASS(x, 0)
#endif
#ifdef Ax_P1
FL07_PASS(x, 1)
#endif
#ifdef Ax_P2
FL07_PASS(x, 2)
#endif
#ifdef Ax_P3
FL07_PASS(x, 3)
#endif
#ifdef Ay_P0
FL07_PASS(y, 0)
#endif
#ifdef Ay_P1
FL07_PASS(y, 1)
#endif
#ifdef Ay_P2
FL07_PASS(y, 2)
#endif
#ifdef Ay_P3
FL07_PASS(y, 3)
#endif
#ifdef Az_P0
FL07_PASS(z, 0)
#endif
#ifdef Az_P1
FL07_PASS(z, 1)
#endif
#ifdef Az_P2
FL07_PASS(z, 2)
#endif
#ifdef Az_P3
FL07_PASS(z, 3)
#endif

/* ---------------------------------------------------------------- the transpose */

/* Contract (transpose_tiled)
 *   work-items : 3-D, global (ceil(cols/TILE)*TILE, ceil(rows/TILE)*TILE_ROWS, batch),
 *                local (TILE, TILE_ROWS, 1). Group (gx, gy) moves the TILE x TILE block
 *                whose top-left input element is row gy*TILE, column gx*TILE; each item
 *                moves TILE/TILE_ROWS values. Parts of a block past the matrix's edge are
 *                skipped (any rows and cols work).
 *   args       : x, y (distinct), rows, cols: each of the batch's arrays is a rows x cols
 *                matrix (row-major) in x, and becomes its cols x rows transpose in y
 *   local      : tile, TILE x (TILE + 1) values: one spare column, so that reading a
 *                column of the tile (lanes lx down rows) hits TILE different banks
 *   reads      : x[b*rows*cols + r*cols + c], every element once; lanes lx read a row of
 *                the block, TILE consecutive addresses
 *   writes     : y[b*rows*cols + c*rows + r], every element once; lanes lx write a row of
 *                the output block (a column of the tile), TILE consecutive addresses
 *   host calls : (--variant transpose) after the passes along the contiguous axis, with
 *                rows = points / Nlast and cols = Nlast; then the next axis is contiguous. */

/* The store of transpose_tiled, row J of the output block: the tile holds the group's
 * input block (input rows GY*TILE .., columns GX*TILE ..), input row j in tile[j][..].
 * Output row J is y's row GX*TILE + J (an input column); lane LX writes y's column
 * GY*TILE + LX (an input row), so the lanes write consecutive addresses and read column J
 * of the tile, tile[LX][J]. y (from BASE) is COLS x ROWS; nothing outside it is written.
 * (Exercise 07_multidim/transpose_tile asks for the store of another block shape:
 * --variant transpose_tile, below.) */
static INLINE void transpose_store(__global real2_t *y, __local real2_t (*tile)[TILE + 1],
                                   size_t base, int rows, int cols, int gx, int gy, int lx,
                                   int j)
{
    int r = gx * TILE + j, c = gy * TILE + lx;  /* y's row (an input column), y's column */
    if (r < cols && c < rows)
        y[base + (size_t)r * rows + c] = tile[lx][j];
}

__kernel void transpose_tiled(__global const real2_t *x, __global real2_t *y, int rows, int cols)
{
    __local real2_t tile[TILE][TILE + 1];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int gx = get_group_id(0), gy = get_group_id(1);
    const size_t base = get_global_id(2) * (size_t)rows * cols;
    /* load: the block's rows into the tile's rows */
    for (int j = ly; j < TILE; j += TILE_ROWS) {
        int r = gy * TILE + j, c = gx * TILE + lx;
        if (r < rows && c < cols)
            tile[j][lx] = x[base + (size_t)r * cols + c];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* store: row j of the output block is column j of the tile; y is cols x rows */
    for (int j = ly; j < TILE; j += TILE_ROWS)
        transpose_store(y, tile, base, rows, cols, gx, gy, lx, j);
}

/* Exercise 07_multidim/transpose_tile (--variant transpose_tile, exercises/07_multidim/
 * transpose_tile.cl): the student's wide_store, the store of transpose_wide below, is
 * built here. */
#define WIDE_ROWS 16     /* transpose_wide's block: WIDE_ROWS input rows x WIDE_COLS columns, */
#define WIDE_COLS 64     /* moved by WIDE_COLS x WIDE_ITEM_ROWS items                        */
#define WIDE_ITEM_ROWS 4
#ifndef FL_EXERCISE_TRANSPOSE_TILE
/* The chapter does not solve it: its transposes move square blocks (transpose_tiled). */
#endif
#ifdef FL_EXERCISE_TRANSPOSE_TILE
/* transpose_wide: transpose_tiled's contract, but group (gx, gy) of WIDE_COLS x
 * WIDE_ITEM_ROWS items (global: ceil(cols/WIDE_COLS)*WIDE_COLS x ceil(rows/WIDE_ROWS)*
 * WIDE_ITEM_ROWS x batch) moves input rows gy*WIDE_ROWS .. and columns gx*WIDE_COLS ..,
 * through tile[input row][input column] (2 spare columns); wide_store writes y. The host
 * launches it where transpose_tiled would be (--variant transpose_tile). */
__kernel void transpose_wide(__global const real2_t *x, __global real2_t *y, int rows, int cols)
{
    __local real2_t tile[WIDE_ROWS][WIDE_COLS + 2];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int gx = get_group_id(0), gy = get_group_id(1);
    const size_t base = get_global_id(2) * (size_t)rows * cols;
    /* load: the block's rows into the tile's rows */
    for (int j = ly; j < WIDE_ROWS; j += WIDE_ITEM_ROWS) {
        int r = gy * WIDE_ROWS + j, c = gx * WIDE_COLS + lx;
        if (r < rows && c < cols)
            tile[j][lx] = x[base + (size_t)r * cols + c];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* store: step j of WIDE_ROWS, WIDE_COLS values each */
    for (int j = ly; j < WIDE_ROWS; j += WIDE_ITEM_ROWS)
        wide_store(y, tile, base, rows, cols, gx, gy, lx, j);
}
#endif
