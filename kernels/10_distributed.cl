/* 10_distributed — the two kernels of the global transpose: pack before MPI_Alltoall,
 * unpack after it.
 *
 * P ranks (MPI processes) each hold a slab of a 2-D or 3-D array: rank r owns the rows
 * r*Na/P .. (r+1)*Na/P - 1 of the outermost axis (FFTW-MPI's slab decomposition). Every
 * axis inside the slab is transformed locally (chapter 07's passes); the outermost axis is
 * spread over all the ranks, so before it can be transformed the data must be
 * redistributed: afterwards rank r owns a slab of the NEXT axis and all of the outermost
 * one. That redistribution is a transpose of the P x P grid of blocks, and MPI_Alltoall
 * does it: rank r sends its block d to rank d and receives block r of every rank.
 *
 * MPI_Alltoall sends P contiguous blocks of equal size, block d to rank d. So the host
 * (chapters/10_distributed) runs, per exchange:
 *     exchange_pack     X  -> S   rearrange the slab into P send blocks, block d holding
 *                                 what rank d will own, in the order rank d wants it
 *     read S to the host, MPI_Alltoall, write what arrived into R   (host memory: the
 *                                 staging a GPU-aware MPI would skip, see the lesson)
 *     exchange_unpack   R  -> Y   put the P received blocks where they belong
 *
 * One index map covers every exchange of the chapter. On one rank the data are
 *     X[b][u][v][i]     b < B       the batch (B: the kernels' argument, the batch count)
 *                       u < MU      this rank's part of the axis distributed now
 *                       v < P*MV    an axis held whole now, distributed afterwards
 *                       i < NI      the axes inside, contiguous (1 in 2-D, Nx in 3-D)
 * and the exchange turns them into
 *     Y[b][v'][w][i]    v' < MV     this rank's part of v (rank r: v = r*MV + v')
 *                       w  < P*MU   the whole of u's axis (rank s sent w = s*MU + u)
 * That is the move FFTW-MPI calls a transposed output (FFTW_MPI_TRANSPOSED_OUT): in 2-D
 * (u = y, v = x, NI = 1) a slab of rows a[b][y][x] becomes a slab of columns a[b][x][y];
 * in 3-D (u = z, v = y, NI = Nx) a[b][z][y][x] becomes a[b][y][z][x]. The same kernels
 * with (MU, MV) swapped move the data back (--natural, and the inverse of a transposed
 * output).
 *
 * The send buffer holds, for each destination d, its block of B*MV*MU*NI values, already
 * transposed the way d stores them:
 *     S[d][b][v'][u][i] = X[b][u][d*MV + v'][i]                      (pack)
 * Block s of the receive buffer is what rank s sent, R[s][b][v'][u][i], with u a row of
 * s's slab; so
 *     Y[b][v'][s*MU + u][i] = R[s][b][v'][u][i]                       (unpack)
 *
 * Work-items: one per value of the output (S for the pack, Y for the unpack), so that
 * neighbouring work-items write neighbouring addresses; each reads where the map says.
 * In 3-D, runs of NI = Nx values move together, in order. In 2-D (NI = 1) the pack reads
 * down a column: consecutive items read values P*MV apart — a transpose done the simple
 * way (chapter 07's tiled transpose would read and write in rows; the lesson says when
 * that matters).
 *
 * Notation: docs/notation.md */

/* The two index maps, pack_source and unpack_source: the exercise exchange_map. With
 * --variant exchange_map the host builds the student's file (exercises/10_distributed/
 * exchange_map.cl) in place of this block. */
#ifndef FL_EXERCISE_EXCHANGE_MAP
/* Where value E of the send buffer S comes from in the slab X (the pack's map). With
 * E = (((d*B + b)*MV + v')*MU + u)*NI + i, it is X[b][u][d*MV + v'][i]. */
static INLINE size_t pack_source(size_t e, const int B, const int MU, const int MV, const int NI,
                                 const int P)
{
    const size_t i = e % NI;
    size_t r = e / NI;
    const size_t u = r % MU;
    r /= MU;
    const size_t vl = r % MV;
    r /= MV;
    const size_t b = r % B;
    const size_t d = r / B;
    return ((b * MU + u) * ((size_t)P * MV) + d * MV + vl) * NI + i;
}

/* Where value F of the output Y comes from in the receive buffer R (the unpack's map).
 * With F = ((b*MV + v')*(P*MU) + w)*NI + i and w = s*MU + u, it is R[s][b][v'][u][i]. */
static INLINE size_t unpack_source(size_t f, const int B, const int MU, const int MV, const int NI,
                                   const int P)
{
    const size_t i = f % NI;
    size_t r = f / NI;
    const size_t w = r % ((size_t)P * MU);
    r /= (size_t)P * MU;
    const size_t vl = r % MV;
    const size_t b = r / MV;
    const size_t s = w / MU, u = w % MU;
    return (((s * B + b) * MV + vl) * MU + u) * NI + i;
}
#endif

/* Contract (exchange_pack)
 *   work-items : 1-D, at least B*MU*P*MV*NI (the rank's values); items past the end do
 *                nothing
 *   args       : x (the slab, X[b][u][v][i]), send (S), B, MU, MV, NI, P
 *   reads      : x[pack_source(e)], every value once
 *   writes     : send[e], e < B*MU*P*MV*NI, once; block d = send[d*B*MV*MU*NI ..] is what
 *                goes to rank d
 *   host calls : after the local passes; then reads send to the host for MPI_Alltoall. */
__kernel void exchange_pack(__global const real2_t *x, __global real2_t *send, int B, int MU,
                            int MV, int NI, int P)
{
    const size_t e = get_global_id(0);
    if (e >= (size_t)B * MU * MV * NI * P)
        return;
    send[e] = x[pack_source(e, B, MU, MV, NI, P)];
}

/* Contract (exchange_unpack)
 *   work-items : 1-D, at least B*MV*P*MU*NI; items past the end do nothing
 *   args       : recv (R, block s from rank s), y (Y[b][v'][w][i]), B, MU, MV, NI, P
 *   reads      : recv[unpack_source(f)], every value once
 *   writes     : y[f], once
 *   host calls : after MPI_Alltoall's result was written into recv; then the passes along
 *                the axis that is now whole (w). */
__kernel void exchange_unpack(__global const real2_t *recv, __global real2_t *y, int B, int MU,
                              int MV, int NI, int P)
{
    const size_t f = get_global_id(0);
    if (f >= (size_t)B * MU * MV * NI * P)
        return;
    y[f] = recv[unpack_source(f, B, MU, MV, NI, P)];
}

/* ---------------------------------------------------------------- the harness's fills */

/* The host's poison and guard zones, written by kernels and not by clEnqueueFillBuffer:
 * NVIDIA's OpenCL driver hangs or fills the wrong bytes when a fill is 2^31 bytes or more
 * (pyopencl issue 395, https://github.com/inducer/pyopencl/issues/395), and a slab of
 * 2^29 fp32 values is 2^32 bytes: 1024^3 on two ranks came out wrong, with a "write past
 * the end of buffer A" that no kernel made. Every index here is a ulong.
 *
 * Contract (fill_nan)
 *   work-items : 1-D, at least N; items past the end do nothing
 *   writes     : x[e] = (NaN, NaN), e < N
 *   host calls : before a verified call, on every buffer a step must overwrite. */
__kernel void fill_nan(__global real2_t *x, ulong n)
{
    const size_t e = get_global_id(0);
    if (e < n)
        x[e] = (real2_t)(NAN, NAN);
}

/* Contract (fill_bytes)
 *   work-items : 1-D, at least N
 *   writes     : m[OFFSET + e] = VALUE, e < N (the guard zones of a whole buffer)
 *   host calls : before a verified call, on both guard zones of each buffer. */
__kernel void fill_bytes(__global uchar *m, ulong offset, ulong n, uint value)
{
    const size_t e = get_global_id(0);
    if (e < n)
        m[offset + e] = (uchar)value;
}

/* Contract (copy_bytes)
 *   work-items : 1-D, at least N
 *   writes     : dst[e] = src[OFFSET + e], e < N: a guard zone into a small buffer the host
 *                reads from offset 0 (no transfer at an offset past 4 GiB)
 *   host calls : after a verified call, for each guard zone. */
__kernel void copy_bytes(__global const uchar *src, ulong offset, ulong n, __global uchar *dst)
{
    const size_t e = get_global_id(0);
    if (e < n)
        dst[e] = src[offset + e];
}
